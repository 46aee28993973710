import { sql, type SQL } from 'drizzle-orm';
import type {
  DashboardSeries,
  IncomeByCurrency,
  InstalmentsByMonth,
  SalesByService,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { SessionUser } from '../../lib/actor';
import { addMonths, businessDate, businessDayStart } from '../../lib/business-time';
import { reachableSellerIds } from '../../lib/seller-scope';

// Issue 15: the welcome pages' charts (docs/decisions/030). None of the summaries of decision 016 holds a figure
// per service, per currency or per instalment due date, so each series is one aggregate over a 12-month window,
// read through an index that starts with the window's date (or with the seller, for a seller or a team).

export const SERIES_MONTHS = 12;

/** The last `SERIES_MONTHS` business months in Caracas up to the one `now` falls in, oldest first ('YYYY-MM'). */
export function seriesMonths(now: Date): string[] {
  const firstOfThisMonth = `${businessDate(now).slice(0, 7)}-01`;
  return Array.from({ length: SERIES_MONTHS }, (_, index) =>
    addMonths(firstOfThisMonth, index - SERIES_MONTHS + 1).slice(0, 7),
  );
}

type Window = {
  /** First day of the first month and of the month after the last, 'YYYY-MM-DD' (for calendar dates). */
  fromDay: string;
  toDay: string;
  /** The instants those days start in Caracas (for timestamps). */
  from: string;
  to: string;
};

function windowOf(months: string[]): Window {
  const fromDay = `${months[0]}-01`;
  const toDay = addMonths(`${months.at(-1)}-01`, 1);
  return {
    fromDay,
    toDay,
    from: businessDayStart(fromDay).toISOString(),
    to: businessDayStart(toDay).toISOString(),
  };
}

const sellerIn = (column: SQL, sellers: number[] | 'all'): SQL =>
  sellers === 'all'
    ? sql``
    : sql`and ${column} in (${sql.join(
        (sellers.length ? sellers : [-1]).map((id) => sql`${id}`),
        sql`, `,
      )})`;

// Each statement groups by the month as a date and formats only the twelve groups, not every row.

/** Requests created per business month and service; expired ones are not sales (SPEC §2 'Solicitudes Creadas'). */
async function salesRows(db: Db, window: Window, sellers: number[] | 'all') {
  const result = await db.execute(sql`
    select to_char(resumen_mes(s.fecha_creacion), 'YYYY-MM') as mes, s.tipo_servicio,
      count(*)::int as solicitudes, (count(*) filter (where s.estado = 'contrato'))::int as contratos
    from solicitudes s
    where s.estado in ('solicitud', 'contrato')
      and s.fecha_creacion >= ${window.from}::timestamptz and s.fecha_creacion < ${window.to}::timestamptz
      ${sellerIn(sql`s.vendedor_id`, sellers)}
    group by resumen_mes(s.fecha_creacion), s.tipo_servicio`);
  return rowsOf<{ mes: string; tipo_servicio: string; solicitudes: number; contratos: number }>(result);
}

/**
 * Payments per business month of `fecha_pago`, but the rejected ones (issue 14: a rejection undoes the payment).
 * Bolívares are turned into dollars at each payment's own rate, to the cent; a payment without a stored rate
 * (none since issue 10) counts what it paid off beyond its dollars.
 */
async function incomeRows(db: Db, window: Window, sellers: number[] | 'all') {
  const result = await db.execute(sql`
    select to_char(resumen_mes(p.fecha_pago), 'YYYY-MM') as mes, count(*)::int as pagos,
      sum(p.divisas)::text as usd, sum(p.bolivares)::text as bolivares,
      sum(case when p.bolivares > 0
        then coalesce(round(p.bolivares / nullif(p.dollar_price, 0), 2), greatest(p.monto_pagado - p.divisas, 0))
        else 0 end)::text as bolivares_en_usd,
      sum(p.monto_pagado)::text as total_usd
    from pagos p
    where p.estado_verificacion <> 'rechazado'
      and p.fecha_pago >= ${window.from}::timestamptz and p.fecha_pago < ${window.to}::timestamptz
      ${sellerIn(sql`p.vendedor_id`, sellers)}
    group by resumen_mes(p.fecha_pago)`);
  return rowsOf<{
    mes: string;
    pagos: number;
    usd: string;
    bolivares: string;
    bolivares_en_usd: string;
    total_usd: string;
  }>(result);
}

/** The instalments due in the window: the office's, or those of the given sellers' contracts. */
function instalmentsInWindow(window: Window, sellers: number[] | 'all'): SQL {
  const dueInWindow = sql`c.fecha_vencimiento >= ${window.fromDay}::date
    and c.fecha_vencimiento < ${window.toDay}::date`;
  // Every state the check allows: the office's statement enters `cuotas_estado_vencimiento_idx` by state, then
  // by date, instead of reading every instalment.
  if (sellers === 'all')
    return sql`cuotas c where c.estado_pago in ('pendiente', 'pagado', 'vencido') and ${dueInWindow}`;
  // A seller's (or a team's): their contracts by seller, then each one's instalments by contract, so the cost is
  // that of their own sales. `offset 0` keeps the planner from joining every instalment of the window instead.
  return sql`solicitudes s cross join lateral (
      select c.fecha_vencimiento, c.monto, c.estado_pago from cuotas c
      where c.solicitud_id = s.id and ${dueInWindow} offset 0) c
    where s.estado = 'contrato' ${sellerIn(sql`s.vendedor_id`, sellers)}`;
}

/** Instalments per month of their due date (a calendar date in Caracas), with those paid and those overdue. */
async function instalmentRows(db: Db, window: Window, sellers: number[] | 'all') {
  const result = await db.execute(sql`
    select to_char(date_trunc('month', c.fecha_vencimiento), 'YYYY-MM') as mes,
      count(*)::int as vencen, sum(c.monto)::text as monto_vencen,
      (count(*) filter (where c.estado_pago = 'pagado'))::int as pagadas,
      coalesce(sum(c.monto) filter (where c.estado_pago = 'pagado'), 0)::text as monto_pagadas,
      (count(*) filter (where c.estado_pago = 'vencido'))::int as vencidas,
      coalesce(sum(c.monto) filter (where c.estado_pago = 'vencido'), 0)::text as monto_vencidas
    from ${instalmentsInWindow(window, sellers)}
    group by date_trunc('month', c.fecha_vencimiento)`);
  return rowsOf<{
    mes: string;
    vencen: number;
    monto_vencen: string;
    pagadas: number;
    monto_pagadas: string;
    vencidas: number;
    monto_vencidas: string;
  }>(result);
}

function salesByService(months: string[], rows: Awaited<ReturnType<typeof salesRows>>): SalesByService[] {
  const byService = new Map<string, SalesByService>();
  for (const row of rows) {
    const index = months.indexOf(row.mes);
    if (index < 0) continue;
    let service = byService.get(row.tipo_servicio);
    if (!service) {
      service = {
        tipo_servicio: row.tipo_servicio,
        solicitudes: months.map(() => 0),
        contratos: months.map(() => 0),
      };
      byService.set(row.tipo_servicio, service);
    }
    service.solicitudes[index] = row.solicitudes;
    service.contratos[index] = row.contratos;
  }
  const total = (service: SalesByService) => service.solicitudes.reduce((sum, value) => sum + value, 0);
  // The best-selling service first, at the bottom of each stacked bar.
  return [...byService.values()].sort(
    (a, b) => total(b) - total(a) || a.tipo_servicio.localeCompare(b.tipo_servicio),
  );
}

/**
 * Issue 15: the series of the welcome pages, within what the actor reaches (lib/seller-scope.ts): the office
 * sees every seller, a supervisor their team and their own sales, a seller their own.
 */
export async function getDashboardSeries({
  db,
  actor,
  now,
}: {
  db: Db;
  actor: SessionUser;
  now: Date;
}): Promise<DashboardSeries> {
  const months = seriesMonths(now);
  const window = windowOf(months);
  const sellers = await reachableSellerIds(db, actor);
  // Three statements at once: on PostgreSQL, three connections of the pool (PGlite takes them in turn).
  const [sales, incomeByMonth, instalmentsByMonth] = await Promise.all([
    salesRows(db, window, sellers),
    incomeRows(db, window, sellers),
    instalmentRows(db, window, sellers),
  ]);
  const income = new Map(incomeByMonth.map((row) => [row.mes, row]));
  const instalments = new Map(instalmentsByMonth.map((row) => [row.mes, row]));
  return {
    meses: months,
    ventas_por_servicio: salesByService(months, sales),
    ingresos_por_moneda: months.map((mes): IncomeByCurrency => {
      const row = income.get(mes);
      return {
        mes,
        pagos: row?.pagos ?? 0,
        usd: Number(row?.usd ?? 0),
        bolivares: Number(row?.bolivares ?? 0),
        bolivares_en_usd: Number(row?.bolivares_en_usd ?? 0),
        total_usd: Number(row?.total_usd ?? 0),
      };
    }),
    cuotas_por_mes: months.map((mes): InstalmentsByMonth => {
      const row = instalments.get(mes);
      return {
        mes,
        vencen: row?.vencen ?? 0,
        monto_vencen: Number(row?.monto_vencen ?? 0),
        pagadas: row?.pagadas ?? 0,
        monto_pagadas: Number(row?.monto_pagadas ?? 0),
        vencidas: row?.vencidas ?? 0,
        monto_vencidas: Number(row?.monto_vencidas ?? 0),
      };
    }),
  };
}
