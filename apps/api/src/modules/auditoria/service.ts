import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditQuery, AuditRecord } from '@camposanto/domain';
import { MSG } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { auditoria } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { businessDayStart, nextBusinessDayStart } from '../../lib/business-time';
import type { ListSource } from '../../lib/list-reply';

// Newest first, then id: a unique order, so pages and keyset batches never skip nor repeat a row.
const newestFirst = [desc(auditoria.fecha), desc(auditoria.id)];

/**
 * SPEC §2 screen 3 and §7 GET /api/v1/admin/auditoria: the audited changes of one filter, paged on the server
 * (issue 12), or the whole filter streamed.
 */
export function listAudit({ db, query }: { db: Db; query: AuditQuery }): ListSource<AuditRecord> {
  const where = auditFilter(query);
  const select = (condition: SQL | undefined, limit: number, offset?: number) =>
    db
      .select()
      .from(auditoria)
      .where(condition)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset ?? 0)
      .then((rows) => rows.map(toAuditRecord));
  return {
    summary: async () => {
      const [row] = await db.select({ total: count() }).from(auditoria).where(where);
      return { total: row?.total ?? 0 };
    },
    page: ({ limit, offset }) => select(where, limit, offset),
    // The last row's timestamp is read from the row itself: PostgreSQL keeps microseconds, the ISO string not.
    batchAfter: (after, size) =>
      select(
        and(
          where,
          after &&
            sql`(${auditoria.fecha}, ${auditoria.id}) <
              (select k.fecha, k.id from ${auditoria} k where k.id = ${after.id})`,
        ),
        size,
      ),
  };
}

function auditFilter(query: AuditQuery): SQL | undefined {
  const filters: SQL[] = [];
  const rol = query.rol && query.rol.toLowerCase() !== 'todos' ? query.rol : undefined;
  if (rol) filters.push(eq(auditoria.rol, rol));
  if (query.desde && query.hasta && query.desde > query.hasta) throw badRequest(MSG.rangoFechasInvalido);
  // Dates are business days in America/Caracas (DESIGN §3 Dates); Hasta includes its whole day.
  if (query.desde) filters.push(gte(auditoria.fecha, businessDayStart(query.desde)));
  if (query.hasta) filters.push(lt(auditoria.fecha, nextBusinessDayStart(query.hasta)));
  return and(...filters);
}

function toAuditRecord(row: typeof auditoria.$inferSelect): AuditRecord {
  return {
    id: row.id,
    username: row.username,
    rol: row.rol,
    accion: row.accion,
    descripcion: row.descripcion,
    fecha: row.fecha.toISOString(),
  };
}
