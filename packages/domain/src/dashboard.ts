import { z } from 'zod';

export const dashboardSchema = z.object({
  solicitudes: z.number().int(),
  contratos: z.number().int(),
  solicitudes_caducadas: z.number().int(),
  total_ingresos: z.number(),
  /** Issue 14 §3: the part of total_ingresos whose receipts administración verified. */
  total_verificado: z.number(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// Issue 15: the welcome pages' charts over the last 12 business months (Caracas), oldest first
// (docs/decisions/030). Every array of numbers is aligned with `meses`.

/** A business month, 'YYYY-MM'. */
const monthSchema = z.string().regex(/^\d{4}-\d{2}$/);

/** Requests created per month for one service: all that are live or converted, and of them the contracts. */
export const salesByServiceSchema = z.object({
  tipo_servicio: z.string(),
  solicitudes: z.array(z.number().int()),
  contratos: z.array(z.number().int()),
});
export type SalesByService = z.infer<typeof salesByServiceSchema>;

/** The payments of one month that were not rejected, by the currency they were paid in. */
export const incomeByCurrencySchema = z.object({
  mes: monthSchema,
  pagos: z.number().int(),
  /** Dollars received (`divisas`). */
  usd: z.number(),
  /** Bolívares received. */
  bolivares: z.number(),
  /** Those bolívares in dollars, each payment at its own rate (`dollar_price`). */
  bolivares_en_usd: z.number(),
  /** What the payments paid off, in USD (`monto_pagado`, the measure of 'Total Ingresos'). */
  total_usd: z.number(),
});
export type IncomeByCurrency = z.infer<typeof incomeByCurrencySchema>;

/** The instalments that fall due in one month, and of them those paid and those overdue. */
export const instalmentsByMonthSchema = z.object({
  mes: monthSchema,
  vencen: z.number().int(),
  monto_vencen: z.number(),
  pagadas: z.number().int(),
  monto_pagadas: z.number(),
  vencidas: z.number().int(),
  monto_vencidas: z.number(),
});
export type InstalmentsByMonth = z.infer<typeof instalmentsByMonthSchema>;

export const dashboardSeriesSchema = z.object({
  meses: z.array(monthSchema),
  ventas_por_servicio: z.array(salesByServiceSchema),
  ingresos_por_moneda: z.array(incomeByCurrencySchema),
  cuotas_por_mes: z.array(instalmentsByMonthSchema),
});
export type DashboardSeries = z.infer<typeof dashboardSeriesSchema>;

/** Issue 15: the texts of the welcome pages' charts. */
export const DASHBOARD_MESSAGES = {
  errorGraficos: 'Error al cargar los gráficos.',
  sinVentas: 'No hay solicitudes en los últimos 12 meses.',
  sinIngresos: 'No hay ingresos en los últimos 12 meses.',
  sinCuotas: 'No hay cuotas con vencimiento en los últimos 12 meses.',
} as const;
