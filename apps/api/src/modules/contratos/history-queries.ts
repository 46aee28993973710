import { and, desc, eq, isNotNull, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Modalidad, RequestDto } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { resumenIngresosTotal, resumenSolicitudes, solicitudes } from '../../db/schema';
import type { ListSource, ListSummary } from '../../lib/list-reply';
import { inSellers } from '../../lib/seller-scope';
import { contractsPage } from './queries';
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

type Window = { limit: number; offset: number };

/**
 * A list of contracts with their lines (loadRequests: one statement per page or batch, whatever its size).
 * `pageOf` may read a page another way (the page map: `contractsPage` in queries.ts); by default it is an OFFSET
 * over the index.
 */
export function contractList({
  db,
  where,
  summary,
  pageOf,
}: {
  db: Db;
  where: SQL | undefined;
  summary: () => Promise<ListSummary>;
  pageOf?: (window: Window) => Promise<RequestDto[]>;
}): ListSource<RequestDto> {
  return {
    summary,
    page: (window) =>
      pageOf?.(window) ?? loadRequests({ db, where, orderBy: newestConversionFirst, ...window }),
    batchAfter: (after, size) =>
      loadRequests({
        db,
        where: and(where, after && convertedAfter(after)),
        orderBy: newestConversionFirst,
        limit: size,
      }),
  };
}

// A number of contracts and the exact sum of their totals, with two decimals, from a rollup's columns.
const totalsOf = (count: SQLWrapper, amount: SQLWrapper) => ({
  total: sql<number>`coalesce(sum(${count}), 0)::int`,
  amountSum: sql<string>`round(coalesce(sum(${amount}), 0), 2)::text`,
});

/**
 * The number of contracts of one modality (or both) of some sellers (or all) and the sum of their monto_total,
 * from rollups kept by triggers in the transaction of every change (decision 016), never a scan of the contracts:
 * for all sellers, the requests' summary (one row per modality, migration 0019); for some, the income rollup
 * over every year (a row per seller and modality, migration 0020). The sum is exact (numeric), with two decimals.
 */
export async function contractTotals({
  db,
  modalidad,
  sellers,
}: {
  db: Db;
  modalidad?: Modalidad;
  sellers: number[] | 'all';
}): Promise<{ total: number; amountSum: string }> {
  const [row] =
    sellers === 'all'
      ? await db
          .select(totalsOf(resumenSolicitudes.cantidad, resumenSolicitudes.montoTotal))
          .from(resumenSolicitudes)
          .where(
            and(
              eq(resumenSolicitudes.estado, 'contrato'),
              modalidad ? eq(resumenSolicitudes.modalidadPago, modalidad) : undefined,
            ),
          )
      : await db
          .select(totalsOf(resumenIngresosTotal.contratos, resumenIngresosTotal.montoTotal))
          .from(resumenIngresosTotal)
          .where(
            and(
              modalidad ? eq(resumenIngresosTotal.modalidadPago, modalidad) : undefined,
              inSellers(resumenIngresosTotal.vendedorId, sellers),
            ),
          );
  return { total: row?.total ?? 0, amountSum: row?.amountSum ?? '0.00' };
}

/**
 * SPEC §7 GET /api/v1/admin/contratos-de-contado and SPEC §2 screen 8: the contracts of one modality (or all),
 * with their number and the sum of their totals for the screen's footer. A page is found through the page map
 * (decision 016), so a deep page costs what the first one does.
 */
export function listContractHistory({ db, modalidad }: { db: Db; modalidad?: Modalidad }) {
  return contractList({
    db,
    where: and(
      eq(solicitudes.estado, 'contrato'),
      modalidad ? eq(solicitudes.modalidadPago, modalidad) : undefined,
    ),
    summary: async () => {
      const { total, amountSum } = await contractTotals({ db, modalidad, sellers: 'all' });
      return { total, headers: { 'x-sum-monto-total': amountSum } };
    },
    pageOf: (window) =>
      contractsPage(db, { dateField: 'fecha_conversion', states: ['contrato'], modalidad }, window),
  });
}
