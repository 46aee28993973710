import { count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  auditoria,
  clientes,
  nichosColumbario,
  pagos,
  parcelas,
  reservas,
  solicitudes,
  tasasCambio,
  usuarios,
  vendedores,
} from '../../src/db/schema';
import { unique } from './auth';

// Rows of the sales tables written straight to the database: the routes that create them belong to later
// issues, and these tests only need them to exist.

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

/** The seeded columbarium plan (DESIGN §4.10) that test niches are sold under. */
export const SINGLE_URN_PLAN = 'Nicho de Columbario Sencillo (1 urna)';

export async function insertCliente(db: Db, vendedorId: number) {
  const n = unique();
  const [row] = await db
    .insert(clientes)
    .values({ vendedorId, nombre: `Cliente ${n}`, cedula: `V-${30000000 + n}`, celular: '04141234567' })
    .returning();
  if (!row) throw new Error('no cliente inserted');
  return row;
}

export async function insertParcela(db: Db, seats: { disponible: number; reservadas: number }) {
  const [row] = await db
    .insert(parcelas)
    .values({ codigo: `A${String(unique()).padStart(2, '0')}-01-01`, puestos: 3, ...seats })
    .returning();
  if (!row) throw new Error('no parcela inserted');
  return row;
}

/** A niche sold under the seeded single-urn plan unless `plan` names another (issue 10: its own plan prices it). */
export async function insertNicho(
  db: Db,
  estado: 'disponible' | 'reservado',
  plan: string | null = SINGLE_URN_PLAN,
) {
  const [row] = await db
    .insert(nichosColumbario)
    .values({ codigo: `COL-${unique()}`, estado, plan })
    .returning();
  if (!row) throw new Error('no nicho inserted');
  return row;
}

type SolicitudValues = Partial<typeof solicitudes.$inferInsert> & {
  clienteId: number;
  vendedorId: number;
  fechaVencimiento: Date;
};

export async function insertSolicitud(db: Db, values: SolicitudValues) {
  const n = unique();
  const [row] = await db
    .insert(solicitudes)
    .values({
      numeroSolicitud: `SOL-${String(n).padStart(6, '0')}`,
      tipoServicio: 'parcelas',
      modalidadPago: 'De Contado',
      ...(values.estado === 'contrato' ? { numeroContrato: `CON-${String(n).padStart(6, '0')}` } : {}),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no solicitud inserted');
  return row;
}

export async function insertReserva(
  db: Db,
  values: { solicitudId: number; parcelaId?: number; nichoId?: number; puestos?: number },
) {
  const [row] = await db.insert(reservas).values(values).returning();
  if (!row) throw new Error('no reserva inserted');
  return row;
}

export async function insertPago(
  db: Db,
  values: { solicitudId: number; vendedorId: number; montoPagado: string; cuotaId?: number },
) {
  const [row] = await db
    .insert(pagos)
    .values({ tipo: values.cuotaId ? 'cuota' : 'contado', metodoPago: 'USD', ...values })
    .returning();
  if (!row) throw new Error('no pago inserted');
  return row;
}

export async function findSolicitud(db: Db, id: number) {
  const [row] = await db.select().from(solicitudes).where(eq(solicitudes.id, id));
  return row;
}

export async function findParcela(db: Db, id: number) {
  const [row] = await db.select().from(parcelas).where(eq(parcelas.id, id));
  return row;
}

export async function findUserRow(db: Db, id: number) {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.id, id));
  return row;
}

export async function countAudit(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditoria);
  return row?.n ?? 0;
}

/** The id of the newest audit row (0 when there is none), to read what a test wrote after it. */
export async function lastAuditId(db: Db): Promise<number> {
  const [row] = await db.select({ id: auditoria.id }).from(auditoria).orderBy(desc(auditoria.id)).limit(1);
  return row?.id ?? 0;
}

export async function auditSince(db: Db, afterId: number) {
  return db.select().from(auditoria).where(gt(auditoria.id, afterId)).orderBy(auditoria.id);
}

/**
 * Everything a refused request of this issue could have changed: users (with password hash and token
 * version), seller profiles, exchange rates and the audit log. Compare it before and after.
 */
export async function snapshot(db: Db) {
  const [users, sellers, rates, audits] = await Promise.all([
    db.select().from(usuarios).orderBy(usuarios.id),
    db.select().from(vendedores).orderBy(vendedores.id),
    db.select({ n: count() }).from(tasasCambio),
    countAudit(db),
  ]);
  return { users, sellers, rates: rates[0]?.n ?? 0, audits };
}
