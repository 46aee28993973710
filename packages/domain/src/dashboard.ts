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
