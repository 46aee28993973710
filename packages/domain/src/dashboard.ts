import { z } from 'zod';

export const dashboardSchema = z.object({
  solicitudes: z.number().int(),
  contratos: z.number().int(),
  solicitudes_caducadas: z.number().int(),
  total_ingresos: z.number(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const exchangeRateSchema = z.object({
  promedio: z.number().nullable(),
  fuente: z.enum(['oficial', 'manual']).nullable(),
  fecha: z.string().nullable(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const setExchangeRateSchema = z.object({
  // A number, or a numeric text as a form sends it; never true, [36] or null (which coerce to 1, 36 and 0).
  promedio: z
    .union([z.number(), z.string().trim().min(1)], 'Debe ser un número válido.')
    .transform(Number)
    .pipe(z.number('Debe ser un número válido.').positive('La tasa debe ser mayor que cero.').max(1e9)),
});
