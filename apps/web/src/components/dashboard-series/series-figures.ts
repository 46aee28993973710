import { formatBolivares, formatUsd, serviceLabel, type DashboardSeries } from '@camposanto/domain';

// Issue 15: what each welcome chart says in words and in a table (its text alternative), from the server's series.

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** A business month 'YYYY-MM' as the axis and the tables show it: 'nov 2026'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1] ?? number} ${year}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
/** A sum of amounts in cents, so that twelve months add up to the cent. */
const sumAmounts = (values: readonly number[]) => sum(values.map((value) => Math.round(value * 100))) / 100;

/** A chart's data as a table: a row per month, a column per series. */
export interface FigureTable {
  columns: string[];
  rows: { month: string; cells: string[] }[];
}

export interface ChartFigures {
  isEmpty: boolean;
  /** One sentence on the twelve months, shown under the chart and read as its description. */
  summary: string;
  table: FigureTable;
}

/** Requests per month and service (stacked), best-selling service first. */
export function salesFigures(series: DashboardSeries): ChartFigures {
  const services = series.ventas_por_servicio;
  const requests = sum(services.map((service) => sum(service.solicitudes)));
  const contracts = sum(services.map((service) => sum(service.contratos)));
  const top = services[0];
  return {
    isEmpty: requests === 0,
    summary:
      `Últimos 12 meses: ${plural(requests, 'solicitud', 'solicitudes')}, ` +
      `${plural(contracts, 'contrato', 'contratos')}.` +
      (top ? ` Más solicitado: ${serviceLabel(top.tipo_servicio)} (${sum(top.solicitudes)}).` : ''),
    table: {
      columns: [...services.map((service) => serviceLabel(service.tipo_servicio)), 'Total'],
      rows: series.meses.map((month, index) => {
        const counts = services.map((service) => service.solicitudes[index] ?? 0);
        return { month: monthLabel(month), cells: [...counts, sum(counts)].map(String) };
      }),
    },
  };
}

/** Income per month by currency: dollars, and bolívares with their value in dollars at each payment's rate. */
export function incomeFigures(series: DashboardSeries): ChartFigures {
  const months = series.ingresos_por_moneda;
  const payments = sum(months.map((month) => month.pagos));
  const total = sumAmounts(months.map((month) => month.total_usd));
  const dollars = sumAmounts(months.map((month) => month.usd));
  const bolivares = sumAmounts(months.map((month) => month.bolivares));
  const bolivaresInDollars = sumAmounts(months.map((month) => month.bolivares_en_usd));
  return {
    isEmpty: payments === 0,
    summary:
      `Últimos 12 meses: ${formatUsd(total)} en ${plural(payments, 'pago', 'pagos')}: ` +
      `${formatUsd(dollars)} en dólares y ${formatBolivares(bolivares)} ` +
      `(${formatUsd(bolivaresInDollars)}) en bolívares.`,
    table: {
      columns: ['USD', 'VES', 'VES en USD', 'Total (USD)'],
      rows: months.map((month) => ({
        month: monthLabel(month.mes),
        cells: [
          formatUsd(month.usd),
          formatBolivares(month.bolivares),
          formatUsd(month.bolivares_en_usd),
          formatUsd(month.total_usd),
        ],
      })),
    },
  };
}

const countAndAmount = (count: number, amount: number) => `${count} (${formatUsd(amount)})`;

/** Instalments falling due each month, and of them those paid and those overdue. */
export function instalmentFigures(series: DashboardSeries): ChartFigures {
  const months = series.cuotas_por_mes;
  const due = sum(months.map((month) => month.vencen));
  const paid = sum(months.map((month) => month.pagadas));
  const overdue = sum(months.map((month) => month.vencidas));
  return {
    isEmpty: due === 0,
    summary:
      `Últimos 12 meses: ${plural(due, 'cuota vence', 'cuotas vencen')} por ` +
      `${formatUsd(sumAmounts(months.map((month) => month.monto_vencen)))}; ` +
      `${plural(paid, 'pagada', 'pagadas')} (${formatUsd(sumAmounts(months.map((month) => month.monto_pagadas)))}) y ` +
      `${plural(overdue, 'vencida', 'vencidas')} (${formatUsd(sumAmounts(months.map((month) => month.monto_vencidas)))}).`,
    table: {
      columns: ['Vencen', 'Pagadas', 'Vencidas'],
      rows: months.map((month) => ({
        month: monthLabel(month.mes),
        cells: [
          countAndAmount(month.vencen, month.monto_vencen),
          countAndAmount(month.pagadas, month.monto_pagadas),
          countAndAmount(month.vencidas, month.monto_vencidas),
        ],
      })),
    },
  };
}
