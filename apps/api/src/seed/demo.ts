import { eq, sql } from 'drizzle-orm';
import type { Rol } from '@camposanto/domain';
import type { Db } from '../db/client';
import { usuarios, vendedores } from '../db/schema';
import { insertUser } from '../modules/usuarios/service';
import { audit } from '../lib/audit';
import { SYSTEM_ACTOR } from '../lib/actor';
import { seedDemoSettings } from './demo-settings';

export const DEMO_PASSWORD = 'Camposanto2024';

const DEMO_USERS: { username: string; email: string; rol: Rol; cedula?: string; telefono?: string }[] = [
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
    username: 'Víctor Vendedor',
    email: 'vendedor@camposanto.local',
    rol: 'vendedor',
    cedula: 'V-10000002',
    telefono: '4120000002',
  },
  { username: 'Carla Cliente', email: 'cliente@camposanto.local', rol: 'cliente' },
];

/**
 * `npm run demo`: one user per role (created once), the seller under the supervisor, a receiving account marked as
 * demo data and a rate. Returns the credentials.
 */
export async function seedDemo({ db }: { db: Db }): Promise<string[]> {
  await db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
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
    const [supervisor] = await tx
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, 'supervisor@camposanto.local'));
    if (supervisor) {
      await tx
        .update(vendedores)
        .set({ supervisorId: supervisor.id })
        .where(sql`${vendedores.email} = 'vendedor@camposanto.local' and ${vendedores.supervisorId} is null`);
    }
    await seedDemoSettings({ db: tx });
  });
  return DEMO_USERS.map((demo) => `${demo.rol.padEnd(14)} ${demo.email} / ${DEMO_PASSWORD}`);
}
