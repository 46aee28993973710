import { eq, sql } from 'drizzle-orm';
import { clientFieldsSchema, type Client, type Rol } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { clientes, usuarios, vendedores } from '../../db/schema';
import { audit } from '../../lib/audit';
import { SYSTEM_ACTOR, type SessionUser } from '../../lib/actor';
import { createClient } from '../../modules/clientes/service';
import { insertUser } from '../../modules/usuarios/service';
import { updateSeller } from '../../modules/vendedores/service';
import { demoUpload, discard, happenedAt, type DemoContext, type Staff } from './context';
import { identityCardPng } from './images';

export const DEMO_PASSWORD = 'Camposanto2024';

type StaffSeed = {
  username: string;
  email: string;
  rol: Rol;
  cedula?: string;
  telefono?: string;
  /** The e-mail of the supervisor a seller works under. */
  supervisor?: string;
};

/** The office: one administrator, one assistant, two supervisors with two sellers each, and a client account. */
export const DEMO_STAFF: StaffSeed[] = [
  { username: 'Ana Administradora', email: 'admin@camposanto.local', rol: 'administrador' },
  { username: 'Andrés Asistente', email: 'asistente@camposanto.local', rol: 'asistente' },
  {
    username: 'Sofía Supervisora',
    email: 'supervisor@camposanto.local',
    rol: 'supervisor',
    cedula: 'V-10000001',
    telefono: '4120000001',
  },
  {
    username: 'Ramón Supervisor',
    email: 'supervisor2@camposanto.local',
    rol: 'supervisor',
    cedula: 'V-10000003',
    telefono: '4120000003',
  },
  {
    username: 'Víctor Vendedor',
    email: 'vendedor@camposanto.local',
    rol: 'vendedor',
    cedula: 'V-10000002',
    telefono: '4120000002',
    supervisor: 'supervisor@camposanto.local',
  },
  {
    username: 'Valeria Vendedora',
    email: 'vendedor2@camposanto.local',
    rol: 'vendedor',
    cedula: 'V-10000004',
    telefono: '4120000004',
    supervisor: 'supervisor@camposanto.local',
  },
  {
    username: 'Luis Vendedor',
    email: 'vendedor3@camposanto.local',
    rol: 'vendedor',
    cedula: 'V-10000005',
    telefono: '4120000005',
    supervisor: 'supervisor2@camposanto.local',
  },
  {
    username: 'Daniela Vendedora',
    email: 'vendedor4@camposanto.local',
    rol: 'vendedor',
    cedula: 'V-10000006',
    telefono: '4120000006',
    supervisor: 'supervisor2@camposanto.local',
  },
  { username: 'Carla Cliente', email: 'cliente@camposanto.local', rol: 'cliente' },
];

/**
 * The staff of the demo, each created once through the users' service (so `npm run demo` on a database that has
 * them changes nothing), and each seller put under their supervisor through the sellers' service.
 */
export async function seedStaff({ db }: { db: Db }): Promise<void> {
  await db.transaction(async (tx) => {
    for (const demo of DEMO_STAFF) {
      const [existing] = await tx
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(sql`lower(${usuarios.email}) = ${demo.email}`);
      if (existing) continue;
      const user = await insertUser({
        db: tx,
        username: demo.username,
        email: demo.email,
        rol: demo.rol,
        password: DEMO_PASSWORD,
        cedula: demo.cedula ?? null,
        direccion: demo.cedula ? 'Caracas' : null,
        telefono: demo.telefono ?? null,
      });
      await audit(tx, SYSTEM_ACTOR, {
        accion: 'crear_usuario',
        descripcion: `Usuario de demostración creado: ${user.username}`,
        entidad: 'usuario',
        entidadId: user.id,
      });
    }
  });
  const staff = await loadStaffRows(db);
  const admin = staff.get('admin@camposanto.local');
  for (const demo of DEMO_STAFF) {
    const seller = staff.get(demo.email);
    const supervisor = demo.supervisor ? staff.get(demo.supervisor) : undefined;
    if (!admin || !seller || !supervisor || seller.supervisorId !== null) continue;
    await updateSeller({ db, id: seller.id, input: { supervisor_id: supervisor.id }, actor: admin });
  }
}

async function loadStaffRows(db: Db): Promise<Map<string, SessionUser>> {
  const rows = await db
    .select({
      id: usuarios.id,
      username: usuarios.username,
      email: usuarios.email,
      rol: usuarios.rol,
      supervisorId: vendedores.supervisorId,
    })
    .from(usuarios)
    .leftJoin(vendedores, eq(vendedores.id, usuarios.id));
  return new Map(
    rows.map((row) => [
      row.email,
      { ...row, rol: row.rol as Rol, supervisorId: row.supervisorId ?? null } satisfies SessionUser,
    ]),
  );
}

/** The demo staff as the services' actors. */
export async function loadStaff(db: Db): Promise<Staff> {
  const rows = await loadStaffRows(db);
  const user = (email: string) => {
    const found = rows.get(email);
    if (!found) throw new Error(`demo: no user ${email}`);
    return found;
  };
  const supervisors = ['supervisor@camposanto.local', 'supervisor2@camposanto.local'].map(user);
  return {
    admin: user('admin@camposanto.local'),
    asistente: user('asistente@camposanto.local'),
    supervisors,
    sellers: [
      ...['vendedor', 'vendedor2', 'vendedor3', 'vendedor4'].map((name) => user(`${name}@camposanto.local`)),
      ...supervisors,
    ],
  };
}

/**
 * A client of a seller, created through the clients' service at `instant`, with a photo of their identity card
 * about half the time (the others upload a PDF later, or never).
 */
export async function createDemoClient(
  ctx: DemoContext,
  seller: SessionUser,
  instant: Date,
  index: number,
): Promise<Client & { surname: string }> {
  const person = ctx.people.person();
  const document = ctx.random.chance(0.5)
    ? await demoUpload(ctx, 'documento_identidad', `cedula-${person.cedula}.png`, identityCardPng(index))
    : undefined;
  try {
    const client = await happenedAt(ctx, instant, () =>
      createClient({
        db: ctx.db,
        storage: ctx.storage,
        actor: seller,
        fields: clientFieldsSchema.parse({
          ...person,
          nombre_documento: document ? 'Cédula de identidad' : '',
        }),
        document,
      }),
    );
    await ctx.db
      .update(clientes)
      .set({ createdAt: instant, updatedAt: instant })
      .where(eq(clientes.id, client.id));
    return { ...client, surname: person.nombre.split(' ')[1]! };
  } finally {
    if (document) await discard([document]);
  }
}
