import { sql, type SQL } from 'drizzle-orm';
import {
  COLLECTION_BUCKET_LIMITS,
  COLLECTION_BUCKETS,
  parseListSort,
  type CollectionBucket,
  type CollectionSortField,
  type CollectionItem,
  type CollectionTotals,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { orEmpty, searchText } from '../../db/schema/search-text';
import { searchCondition } from '../../lib/list-tools';

// Issue 14 §2 Cobranza, computed in SQL (docs/decisions/022): the instalments `vencido` (DESIGN §4.7, marked by the
// caducidad job) of every contract, one row per contract, aged by its oldest overdue instalment.

/** What one list of debts is asked with: the business date it is aged on and the filters, already in scope. */
export type DebtFilter = {
  /** Today's business date in Caracas, 'YYYY-MM-DD'. */
  today: string;
  /** The sellers whose contracts the actor reaches ('all' for the office). */
  sellers: number[] | 'all';
  vendedorId?: number;
  /** A supervisor's team: the sellers they lead now, and their own sales. */
  supervisorId?: number;
  servicio?: string;
  tramo?: CollectionBucket;
  /** Issue 15: the client's name, cédula or phone, or the request's or contract's number, contains it. */
  q?: string;
  /** Issue 15: a checked `orden` (COLLECTION_SORT_FIELDS); none is the oldest debt first. */
  orden?: string;
};

/** A contract of the list with the date its debt is aged from (the keyset of the CSV's batches). */
export type DebtRow = CollectionItem & { desde: string };

const [FIRST, SECOND, THIRD] = COLLECTION_BUCKET_LIMITS;

/**
 * The condition for a debt whose oldest overdue instalment fell due on `since` to be in `bucket`: the days overdue
 * are `today - since`, and the edges are those of `agingBucket` (30 days is '1-30', 31 is '31-60'…). Written on
 * the date rather than on the difference, so that it compares a column with constants.
 */
function inBucket(bucket: CollectionBucket, since: SQL, today: string): SQL {
  const daysAgo = (days: number) => sql`(${today}::date - ${days}::int)`;
  switch (bucket) {
    case '1-30':
      return sql`${since} >= ${daysAgo(FIRST)}`;
    case '31-60':
      return sql`(${since} < ${daysAgo(FIRST)} and ${since} >= ${daysAgo(SECOND)})`;
    case '61-90':
      return sql`(${since} < ${daysAgo(SECOND)} and ${since} >= ${daysAgo(THIRD)})`;
    case '90+':
      return sql`${since} < ${daysAgo(THIRD)}`;
  }
}

function bucketOf(since: SQL, today: string): SQL {
  const branches = COLLECTION_BUCKETS.slice(0, -1).map(
    (bucket) => sql`when ${inBucket(bucket, since, today)} then ${bucket}`,
  );
  return sql`(case ${sql.join(branches, sql` `)} else ${COLLECTION_BUCKETS.at(-1)} end)`;
}

const ids = (values: number[]) =>
  sql.join(
    (values.length ? values : [-1]).map((value) => sql`${value}`),
    sql`, `,
  );

// The search texts of the trigram indexes clientes_busqueda_idx and solicitudes_busqueda_idx (decision 028), on
// this file's aliases.
const CLIENT_TEXT = searchText(
  sql.raw('cl.nombre'),
  sql.raw('cl.cedula'),
  orEmpty(sql.raw('cl.telefono')),
  orEmpty(sql.raw('cl.celular')),
);
const REQUEST_TEXT = searchText(sql.raw('s.numero_solicitud'), orEmpty(sql.raw('s.numero_contrato')));

/** What each `orden` sorts by, on a debt (`debt`) joined to its contract (`s`), client (`cl`) and seller (`v`). */
const sortColumn = (field: CollectionSortField, debt: SQL): SQL =>
  ({
    numero_contrato: sql`s.numero_contrato`,
    cliente: sql`lower(cl.nombre)`,
    vendedor: sql`lower(v.nombre)`,
    cuotas_vencidas: sql`${debt}.cuotas_vencidas`,
    monto_vencido: sql`${debt}.monto_vencido`,
    // More days overdue is an older oldest due date.
    dias_mora: sql`${debt}.desde`,
  })[field];

/** The contract, client and seller of the debts `debt`, each by primary key. */
const detailsJoin = (debt: SQL) => sql`join solicitudes s on s.id = ${debt}.solicitud_id
  join clientes cl on cl.id = s.cliente_id
  join vendedores v on v.id = s.vendedor_id`;

/** ORDER BY of the debts `debt`: the `orden` asked for, then the contract, or the oldest debt first. */
function debtOrder(orden: string | undefined, debt: SQL): SQL {
  const sort = parseListSort<CollectionSortField>(orden);
  if (!sort) return sql`${debt}.desde, ${debt}.solicitud_id`;
  const descending = sort.field === 'dias_mora' ? !sort.descending : sort.descending;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  return sql`${sortColumn(sort.field, debt)} ${direction}, ${debt}.solicitud_id ${direction}`;
}

/** One row per contract in the filter with instalments overdue: their count, sum and oldest due date. */
function debts(filter: DebtFilter): SQL {
  const conditions: SQL[] = [sql`c.estado_pago = 'vencido'`, sql`s.estado = 'contrato'`];
  if (filter.sellers !== 'all') conditions.push(sql`s.vendedor_id in (${ids(filter.sellers)})`);
  if (filter.vendedorId !== undefined) conditions.push(sql`s.vendedor_id = ${filter.vendedorId}`);
  if (filter.supervisorId !== undefined) {
    conditions.push(sql`(s.vendedor_id = ${filter.supervisorId}
      or s.vendedor_id in (select v.id from vendedores v where v.supervisor_id = ${filter.supervisorId}))`);
  }
  if (filter.servicio !== undefined) conditions.push(sql`s.tipo_servicio = ${filter.servicio}`);
  const search = searchCondition(filter.q, [CLIENT_TEXT, REQUEST_TEXT]);
  if (search) conditions.push(search);
  const having = filter.tramo
    ? sql`having ${inBucket(filter.tramo, sql`min(c.fecha_vencimiento)`, filter.today)}`
    : sql``;
  return sql`select c.solicitud_id, count(*)::int as cuotas_vencidas, sum(c.monto) as monto_vencido,
      min(c.fecha_vencimiento) as desde
    from cuotas c join solicitudes s on s.id = c.solicitud_id
      ${search ? sql`join clientes cl on cl.id = s.cliente_id` : sql``}
    where ${sql.join(conditions, sql` and `)}
    group by c.solicitud_id
    ${having}`;
}

/** What a debt shows of its contract (`s`), client (`cl`) and seller (`v`); the phones joined by ' / '. */
const CONTRACT_DETAILS = sql`s.numero_contrato, cl.nombre as cliente,
  nullif(concat_ws(' / ', nullif(cl.celular, ''), nullif(cl.telefono, '')), '') as telefono,
  nullif(cl.email, '') as email, v.nombre as vendedor, s.tipo_servicio as servicio`;

type RawDebtRow = Omit<DebtRow, 'monto_vencido'> & { monto_vencido: string };

type PageWindow = { limit: number; offset: number };

/** The contracts of the filter, oldest debt first, `limit` of them after `offset`. */
export function debtPageQuery(filter: DebtFilter, window: PageWindow): SQL {
  // The page is cut from the grouped debts before the joins: only its rows are joined to their contract, client
  // and seller (each by primary key).
  return sql`
      with d as (${debts(filter)}),
      p as (select d.* from d ${filter.orden ? detailsJoin(sql.raw('d')) : sql``}
        order by ${debtOrder(filter.orden, sql.raw('d'))} limit ${window.limit} offset ${window.offset})
      select p.solicitud_id as contrato_id, ${CONTRACT_DETAILS},
        p.cuotas_vencidas, p.monto_vencido::text as monto_vencido,
        (${filter.today}::date - p.desde)::int as dias_mora, ${bucketOf(sql`p.desde`, filter.today)} as tramo,
        to_char(p.desde, 'YYYY-MM-DD') as desde
      from p ${detailsJoin(sql.raw('p'))}
      order by ${debtOrder(filter.orden, sql.raw('p'))}`;
}

export async function debtRows(db: Db, filter: DebtFilter, window: PageWindow): Promise<DebtRow[]> {
  const rows = rowsOf<RawDebtRow>(await db.execute(debtPageQuery(filter, window)));
  return rows.map((row) => ({ ...row, monto_vencido: Number(row.monto_vencido) }));
}

/** The number of contracts of the filter and the amount overdue in each bucket, over every page. */
export function debtTotalsQuery(filter: DebtFilter): SQL {
  const sums = COLLECTION_BUCKETS.map(
    (bucket, index) =>
      sql`coalesce(sum(d.monto_vencido) filter (where ${inBucket(bucket, sql`d.desde`, filter.today)}), 0)::text
        as ${sql.identifier(`b${index}`)}`,
  );
  return sql`
      with d as (${debts(filter)})
      select count(*)::int as total, ${sql.join(sums, sql`, `)}
      from d`;
}

export async function debtTotals(
  db: Db,
  filter: DebtFilter,
): Promise<{ total: number; totales: CollectionTotals }> {
  const [row] = rowsOf<{ total: number; b0: string; b1: string; b2: string; b3: string }>(
    await db.execute(debtTotalsQuery(filter)),
  );
  return {
    total: row?.total ?? 0,
    totales: {
      '1-30': Number(row?.b0 ?? 0),
      '31-60': Number(row?.b1 ?? 0),
      '61-90': Number(row?.b2 ?? 0),
      '90+': Number(row?.b3 ?? 0),
    },
  };
}

/** A debt of the filter without its contract's details: what the CSV aggregates once. */
export type DebtSummary = Pick<DebtRow, 'contrato_id' | 'cuotas_vencidas' | 'dias_mora' | 'tramo'> & {
  monto_vencido: string;
};

/** Every debt of the filter in its order (oldest first without one): one aggregation, a few small columns each. */
export async function allDebts(db: Db, filter: DebtFilter): Promise<DebtSummary[]> {
  return rowsOf<DebtSummary>(
    await db.execute(sql`
      with d as (${debts(filter)})
      select d.solicitud_id as contrato_id, d.cuotas_vencidas, d.monto_vencido::text as monto_vencido,
        (${filter.today}::date - d.desde)::int as dias_mora, ${bucketOf(sql`d.desde`, filter.today)} as tramo
      from d ${filter.orden ? detailsJoin(sql.raw('d')) : sql``}
      order by ${debtOrder(filter.orden, sql.raw('d'))}`),
  );
}

export type DebtDetails = Pick<
  DebtRow,
  'numero_contrato' | 'cliente' | 'telefono' | 'email' | 'vendedor' | 'servicio'
> & { contrato_id: number };

/** The contract, client and seller of some contracts, each by primary key. */
export async function debtDetails(db: Db, contractIds: number[]): Promise<Map<number, DebtDetails>> {
  const rows = rowsOf<DebtDetails>(
    await db.execute(sql`
      select s.id as contrato_id, ${CONTRACT_DETAILS}
      from solicitudes s
        join clientes cl on cl.id = s.cliente_id
        join vendedores v on v.id = s.vendedor_id
      where s.id in (${ids(contractIds)})`),
  );
  return new Map(rows.map((row) => [row.contrato_id, row]));
}
