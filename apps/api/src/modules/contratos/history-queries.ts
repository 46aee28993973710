import { and, count, desc, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Modalidad, RequestDto } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { solicitudes } from '../../db/schema';
import type { ListSource, ListSummary } from '../../lib/list-reply';
import { loadRequests } from './request-dto';

// Newest conversion first, then id: a unique order, so pages and keyset batches never skip nor repeat a row.
const newestConversionFirst = [desc(solicitudes.fechaConversion), desc(solicitudes.id)];

/**
 * The contracts after `last` in that order. Its timestamp is read from the row itself: PostgreSQL keeps
 * microseconds, the DTO's ISO string milliseconds only.
 */
function convertedAfter(last: RequestDto): SQL | undefined {
  if (last.fecha_conversion === null) {
    // `desc` puts nulls first: after an undated row come the undated ones of lower id, then every dated one.
    return or(
      and(isNull(solicitudes.fechaConversion), lt(solicitudes.id, last.id)),
      isNotNull(solicitudes.fechaConversion),
    );
  }
  return sql`(${solicitudes.fechaConversion}, ${solicitudes.id}) <
    (select k.fecha_conversion, k.id from ${solicitudes} k where k.id = ${last.id})`;
}

/** A list of contracts with its lines (loadRequests: two statements per page or batch, whatever its size). */
export function contractList(
  db: Db,
  where: SQL | undefined,
  summary: () => Promise<ListSummary>,
): ListSource<RequestDto> {
  return {
    summary,
    page: ({ limit, offset }) => loadRequests(db, { where, orderBy: newestConversionFirst, limit, offset }),
    batchAfter: (after, size) =>
      loadRequests(db, {
        where: and(where, after && convertedAfter(after)),
        orderBy: newestConversionFirst,
        limit: size,
      }),
  };
}

/**
 * SPEC §7 GET /api/v1/admin/contratos-de-contado and SPEC §2 screen 8: the contracts of one modality (or all),
 * with the number of contracts and the sum of their totals, in cents exact (numeric), for the screen's footer.
 */
export function listContractHistory(db: Db, { modalidad }: { modalidad?: Modalidad }) {
  const where = and(
    eq(solicitudes.estado, 'contrato'),
    modalidad ? eq(solicitudes.modalidadPago, modalidad) : undefined,
  );
  return contractList(db, where, async () => {
    const [row] = await db
      .select({
        total: count(),
        sum: sql<string>`coalesce(sum(${solicitudes.montoTotal}), 0.00)::text`,
      })
      .from(solicitudes)
      .where(where);
    return { total: row?.total ?? 0, headers: { 'x-sum-monto-total': row?.sum ?? '0.00' } };
  });
}
