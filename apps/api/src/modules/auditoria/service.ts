import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditQuery, AuditRecord } from '@camposanto/domain';
import { MSG } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { auditoria } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { businessDayStart, nextBusinessDayStart } from '../../lib/business-time';

/** The screen pages client-side (SPEC §2 screen 3); this bounds what one filter can return. */
export const AUDIT_LIMIT = 5000;

export async function listAudit({ db, query }: { db: Db; query: AuditQuery }): Promise<AuditRecord[]> {
  const filters: SQL[] = [];
  const rol = query.rol && query.rol.toLowerCase() !== 'todos' ? query.rol : undefined;
  if (rol) filters.push(eq(auditoria.rol, rol));
  if (query.desde && query.hasta && query.desde > query.hasta) throw badRequest(MSG.rangoFechasInvalido);
  // Dates are business days in America/Caracas (DESIGN §3 Dates); Hasta includes its whole day.
  if (query.desde) filters.push(gte(auditoria.fecha, businessDayStart(query.desde)));
  if (query.hasta) filters.push(lt(auditoria.fecha, nextBusinessDayStart(query.hasta)));
  const rows = await db
    .select()
    .from(auditoria)
    .where(and(...filters))
    .orderBy(desc(auditoria.fecha), desc(auditoria.id))
    .limit(AUDIT_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    rol: row.rol,
    accion: row.accion,
    descripcion: row.descripcion,
    fecha: row.fecha.toISOString(),
  }));
}
