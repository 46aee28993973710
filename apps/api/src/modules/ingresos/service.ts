import { createHash } from 'node:crypto';
import { and, count, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  formatCsvAmount,
  fromCents,
  INCOME_MESSAGES,
  serviceLabel,
  toCents,
  type CsvCell,
  type IncomeContract,
  type IncomeListQuery,
  type IncomeQuery,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { clientes, pagadoSolicitud, solicitudes, vendedores } from '../../db/schema';
import { selectRows } from '../../db/rows';
import { badRequest } from '../../lib/app-error';
import { businessDate, businessDayStart, nextBusinessDayStart } from '../../lib/business-time';
import { rangeParts, type RollupPart } from './rollup-parts';
import { orderOf, type SortedList } from '../../lib/list-tools';
import { preparedRows } from '../../lib/prepared-once';
import { idsOfPage, pageByMonths, pageOfIds, type PageKind } from '../contratos/queries';
import { newestFirst, requestsStatement, toRequestDto, type RequestRow } from '../contratos/request-dto';
import { clientOrContractSearch } from '../pagos/list-search';

/** A span of instants [from, to) read from the contracts themselves (the contracts table and its page). */
type Span = { from?: Date; to?: Date };

function validate(filters: Pick<IncomeQuery, 'fecha_inicio' | 'fecha_fin'>) {
  if (filters.fecha_inicio && filters.fecha_fin && filters.fecha_inicio > filters.fecha_fin) {
    throw badRequest(INCOME_MESSAGES.rangoFechasInvalido);
  }
}

/** The sellers a supervisor filter means: the supervisor in force now, as the summary has always read it. */
const sellersOf = (supervisorId: number | Placeholder) =>
  sql`(select ${vendedores.id} from ${vendedores} where ${vendedores.supervisorId} = ${supervisorId})`;

/** The contracts the filters select, on the columns of `solicitudes` (the contracts table reads it). */
function contractFilter(filters: IncomeQuery, span: Span): SQL | undefined {
  return and(
    eq(solicitudes.estado, 'contrato'),
    filters.vendedor_id ? eq(solicitudes.vendedorId, filters.vendedor_id) : undefined,
    filters.supervisor_id ? sql`${solicitudes.vendedorId} in ${sellersOf(filters.supervisor_id)}` : undefined,
    filters.modalidad ? eq(solicitudes.modalidadPago, filters.modalidad) : undefined,
    // Business days in Caracas (DESIGN §3 Dates); the end date includes its whole day.
    span.from ? gte(solicitudes.fechaCreacion, span.from) : undefined,
    span.to ? lt(solicitudes.fechaCreacion, span.to) : undefined,
  );
}

/**
 * What was paid on a contract, one primary-key lookup per contract: a join lets the planner hash the whole of
 * pagado_solicitud for a month of contracts (40 ms at 100,000 contracts), and PGlite's guesses are worse.
 */
const paidOnContract = sql`(select ${pagadoSolicitud.totalPagado} from ${pagadoSolicitud}
  where ${pagadoSolicitud.solicitudId} = ${solicitudes.id})`;

/**
 * Contracts, totals and paid per seller and modality, from the rollups kept by triggers (decision 016), in the
 * parts of the date filter (rollup-parts.ts). Never the contracts one by one, so the cost follows sellers ×
 * periods, not sales. The parts' dates and the filters are placeholders, whose values `incomeValues` gives.
 */
function incomeParts(parts: RollupPart[], filters: IncomeQuery): SQL {
  return sql.join(
    parts.map((part, index) => rollupRows(part, index, filters)),
    sql` union all `,
  );
}

/** Each rollup by the column of its period (migrations 0002, 0004, 0012 and 0020, which has none). */
const ROLLUPS: Record<RollupPart['period'], string> = {
  total: 'resumen_ingresos_total',
  anio: 'resumen_ingresos_anual',
  mes: 'resumen_ingresos',
  dia: 'resumen_ingresos_dia',
};

/** Rows of a rollup from its first to its last period (either open), under the filters, added or taken away. */
function rollupRows({ period, span, sign }: RollupPart, index: number, filters: IncomeQuery): SQL {
  const column = sql.identifier(period);
  const where = and(
    sql`contratos <> 0`,
    span.first ? sql`${column} >= ${sql.placeholder(`desde${index}`)}` : undefined,
    span.last ? sql`${column} <= ${sql.placeholder(`hasta${index}`)}` : undefined,
    filters.vendedor_id ? sql`vendedor_id = ${sql.placeholder('vendedor')}` : undefined,
    filters.supervisor_id ? sql`vendedor_id in ${sellersOf(sql.placeholder('supervisor'))}` : undefined,
    filters.modalidad ? sql`modalidad_pago = ${sql.placeholder('modalidad')}` : undefined,
  );
  const signed = (name: string) => sql.raw(sign < 0 ? `-${name}` : name);
  return sql`select vendedor_id, modalidad_pago as modalidad, ${signed('contratos')} as contratos,
    ${signed('monto_total')} as monto_total, ${signed('total_pagado')} as pagado,
    ${signed('total_verificado')} as verificado from ${sql.identifier(ROLLUPS[period])} where ${where}`;
}

/** The placeholders' values of `incomeParts`. */
function incomeValues(parts: RollupPart[], filters: IncomeQuery): Record<string, unknown> {
  const values: Record<string, unknown> = {
    vendedor: filters.vendedor_id,
    supervisor: filters.supervisor_id,
    modalidad: filters.modalidad,
  };
  parts.forEach(({ span }, index) => {
    values[`desde${index}`] = span.first;
    values[`hasta${index}`] = span.last;
  });
  return values;
}

/**
 * The summary statement's name: a digest of what changes its text (lib/prepared-once.ts), the parts' rollups,
 * signs and ends and the filters given, short enough for PostgreSQL's 63 characters.
 */
function sumsStatementName(parts: RollupPart[], filters: IncomeQuery): string {
  const shape = JSON.stringify([
    parts.map(({ period, span, sign }) => [period, sign, Boolean(span.first), Boolean(span.last)]),
    Boolean(filters.vendedor_id),
    Boolean(filters.supervisor_id),
    Boolean(filters.modalidad),
  ]);
  return `ingresos_${createHash('sha1').update(shape).digest('hex').slice(0, 20)}`;
}

type SellerRow = {
  es_total: number;
  vendedor_id: number | null;
  vendedor_nombre: string | null;
  supervisor_id: number | null;
  supervisor_nombre: string | null;
  total_contratos: number;
  total_financiado: string;
  total_contado: string;
  total_ingresos: string;
  total_verificado: string;
};

/**
 * Per seller (with their supervisor) and, as the grouping set (), the footer totals: one statement, prepared once
 * per shape of the filters: planning it was a third of its cost on PGlite (5.1 → 3.6 ms over every seller).
 */
async function sumsBySeller(db: Db, filters: IncomeQuery) {
  const parts = rangeParts(filters.fecha_inicio, filters.fecha_fin);
  // Summed per seller on the integer key first (a hash), then named: a few hundred rows to join and sort.
  const statement = preparedRows<SellerRow>(
    db,
    sumsStatementName(parts, filters),
    () => sql`
    with partes as (${incomeParts(parts, filters)}),
    por_vendedor as (
      select vendedor_id, sum(contratos) as contratos,
        sum(monto_total) filter (where modalidad = 'Financiado') as financiado,
        sum(monto_total) filter (where modalidad = 'De Contado') as contado,
        sum(pagado) as pagado, sum(verificado) as verificado
      from partes group by vendedor_id having sum(contratos) <> 0
    )
    select grouping(p.vendedor_id) as es_total, p.vendedor_id, v.nombre as vendedor_nombre, v.supervisor_id,
      s.nombre as supervisor_nombre,
      coalesce(sum(p.contratos), 0)::int as total_contratos,
      coalesce(sum(p.financiado), 0)::text as total_financiado,
      coalesce(sum(p.contado), 0)::text as total_contado,
      coalesce(sum(p.pagado), 0)::text as total_ingresos,
      coalesce(sum(p.verificado), 0)::text as total_verificado
    from por_vendedor p
      join ${vendedores} v on v.id = p.vendedor_id
      left join ${vendedores} s on s.id = v.supervisor_id
    group by grouping sets ((p.vendedor_id, v.nombre, v.supervisor_id, s.nombre), ())
    order by es_total, s.nombre, v.nombre, p.vendedor_id`,
  );
  const rows = await statement.execute(incomeValues(parts, filters));
  return { sellers: rows.filter((row) => !row.es_total), totals: rows.find((row) => row.es_total) };
}

/**
 * The ids of the contracts table's page, newest first. Unfiltered or by modality only, the page map places it in
 * one month; a seller, supervisor or date filter narrows the index read to their contracts, of which `total` are
 * known, so a page past the middle is read from the other end.
 */
async function contractPage(db: Db, filters: IncomeQuery, total: number): Promise<number[]> {
  const offset = (filters.page - 1) * filters.per_page;
  if (!filters.vendedor_id && !filters.supervisor_id && !filters.fecha_inicio && !filters.fecha_fin) {
    const kind: PageKind = {
      dateField: 'fecha_creacion',
      states: ['contrato'],
      modalidad: filters.modalidad,
    };
    const { start } = await pageByMonths({ db, ...kind, offset, limit: filters.per_page });
    return start ? idsOfPage(db, kind, start, filters.per_page) : [];
  }
  return pageOfIds({
    db,
    where: contractFilter(filters, {
      from: filters.fecha_inicio ? businessDayStart(filters.fecha_inicio) : undefined,
      to: filters.fecha_fin ? nextBusinessDayStart(filters.fecha_fin) : undefined,
    }),
    key: solicitudes.fechaCreacion,
    total,
    offset,
    limit: filters.per_page,
  });
}

/** A contract of the table with what was paid on it (numeric, as text): one column more on its statement. */
type ContractRow = RequestRow & { total_pagado: string };
const PAID_COLUMN = sql`coalesce(${paidOnContract}, 0)::text as total_pagado`;
const toIncomeContract = (row: ContractRow): IncomeContract => ({
  ...toRequestDto(row),
  total_pagado: Number(row.total_pagado),
});

/**
 * The contracts `ids` with their lines and what was paid on each, newest first, in one statement prepared once
 * (lib/prepared-once.ts): `= any(ids)` planned once where `in (…)` of each page's fifty ids was planned anew, and
 * what was paid read with them where a second statement read it after.
 */
async function contractsById(db: Db, ids: number[]): Promise<IncomeContract[]> {
  if (!ids.length) return [];
  const statement = preparedRows<ContractRow>(db, 'contratos_con_pagado_por_id', () =>
    requestsStatement({
      where: sql`${solicitudes.id} = any(${sql.placeholder('ids')}::int[])`,
      orderBy: newestFirst,
      columns: PAID_COLUMN,
    }),
  );
  return (await statement.execute({ ids })).map(toIncomeContract);
}

/**
 * Issue 14 §3: of what was reported (every payment but the rejected ones), what still waits for administración's
 * check: reported − verified, both kept by the rollups (decision 016), in cents.
 */
const waitingPart = (reported = '0', verified = '0') => fromCents(toCents(reported) - toCents(verified));

/**
 * SPEC §2 screen 9 'Historial de ingresos': the per-supervisor/seller summary and the footer totals, from the
 * rollups the database keeps per seller, modality and business year, month and day (decision 016), paid and
 * verified; the contracts table is paged through the index of its order.
 */
export async function incomeSummary({
  db,
  filters,
}: {
  db: Db;
  filters: IncomeQuery & Pick<IncomeListQuery, 'q' | 'orden'>;
}) {
  validate(filters);
  const { sellers, totals } = await sumsBySeller(db, filters);
  // Issue 15: a search or an order reads the contracts table through incomeContractsList; the summary and the
  // totals stay those of the filters (the rollup), to the cent.
  const tools = filters.q || filters.orden ? incomeContractsList({ db, query: filters }) : undefined;
  const window = { limit: filters.per_page, offset: (filters.page - 1) * filters.per_page };
  const [contratos, searchedTotal] = tools
    ? await Promise.all([tools.rows(window), filters.q ? tools.count() : undefined])
    : [await contractsById(db, await contractPage(db, filters, totals?.total_contratos ?? 0)), undefined];
  return {
    vendedores: sellers.map((row) => ({
      vendedor_id: row.vendedor_id!,
      vendedor_nombre: row.vendedor_nombre!,
      supervisor_id: row.supervisor_id,
      supervisor_nombre: row.supervisor_nombre,
      total_contratos: row.total_contratos,
      total_financiado: Number(row.total_financiado),
      total_contado: Number(row.total_contado),
      total_ingresos: Number(row.total_ingresos),
      total_verificado: Number(row.total_verificado),
      total_por_verificar: waitingPart(row.total_ingresos, row.total_verificado),
    })),
    contratos,
    total_contratos: searchedTotal ?? totals?.total_contratos ?? 0,
    totales: {
      total_contado: Number(totals?.total_contado ?? 0),
      total_financiado: Number(totals?.total_financiado ?? 0),
      suma_total_pagos: Number(totals?.total_ingresos ?? 0),
      total_verificado: Number(totals?.total_verificado ?? 0),
      total_por_verificar: waitingPart(totals?.total_ingresos, totals?.total_verificado),
    },
    page: filters.page,
    per_page: filters.per_page,
  };
}

/**
 * Issue 15 (decision 032): the contracts of the filters (the table's, not the rollup's), searched by client or
 * number and in the order asked for (newest first without one); the page of the screen when searched or sorted and
 * the rows of `formato=csv`, each with what was paid on it.
 */
export function incomeContractsList({
  db,
  query,
}: {
  db: Db;
  query: IncomeQuery & Pick<IncomeListQuery, 'q' | 'orden'>;
}): SortedList<IncomeContract> {
  validate(query);
  const where = and(
    contractFilter(query, {
      from: query.fecha_inicio ? businessDayStart(query.fecha_inicio) : undefined,
      to: query.fecha_fin ? nextBusinessDayStart(query.fecha_fin) : undefined,
    }),
    clientOrContractSearch(query.q),
  );
  const order = orderOf(
    query.orden,
    {
      numero_contrato: solicitudes.numeroContrato,
      cliente: sql`lower(${clientes.nombre})`,
      vendedor: sql`lower(${vendedores.nombre})`,
      fecha_creacion: solicitudes.fechaCreacion,
      monto_total: solicitudes.montoTotal,
      total_pagado: sql`coalesce(${paidOnContract}, 0)`,
    },
    solicitudes.id,
    newestFirst,
  );
  return {
    count: async () => {
      const [row] = await db
        .select({ total: count() })
        .from(solicitudes)
        .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
        .where(where);
      return row?.total ?? 0;
    },
    rows: async (window) =>
      (
        await selectRows<ContractRow>(
          db,
          requestsStatement({ where, orderBy: order, ...window, columns: PAID_COLUMN }),
        )
      ).map(toIncomeContract),
  };
}

/** A row of the contracts' CSV: the screen's columns, amounts with the decimal comma. */
export function incomeContractCsvRow(contract: IncomeContract): CsvCell[] {
  return [
    contract.numero_contrato ?? contract.numero_solicitud,
    contract.cliente.nombre,
    contract.vendedor_nombre,
    serviceLabel(contract.tipo_servicio),
    businessDate(new Date(contract.fecha_creacion)),
    contract.modalidadPago,
    formatCsvAmount(
      fromCents(contract.detalles.reduce((total, line) => total + toCents(line.pagoInicial), 0)),
    ),
    formatCsvAmount(contract.monto_total),
    formatCsvAmount(contract.total_pagado),
  ];
}
