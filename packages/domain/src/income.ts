import { z } from 'zod';
import { requestDtoSchema } from './contracts';
import { isoDate } from './fields';
import { MSG } from './messages';
import { idNumber, integerNumber } from './numbers';

/** SPEC §2 Admin screen 9 'Historial de ingresos': the Modalidad filter ('' is Todos). */
export const INCOME_MODALIDAD_FILTERS = [
  { value: '', label: 'Todos' },
  { value: 'De Contado', label: 'De Contado' },
  { value: 'Financiado', label: 'Financiado' },
] as const;

const optionalId = z
  .union([z.literal(''), idNumber()])
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const optionalDate = z
  .union([z.literal(''), isoDate])
  .optional()
  .transform((value) => value || undefined);

/** GET /api/v1/admin/historial-ingresos-resumen's query: an empty value or 'Todos' is no filter; `page` is 1-based. */
export const incomeQuerySchema = z.object({
  supervisor_id: optionalId,
  vendedor_id: optionalId,
  modalidad: z
    .enum(['', 'Todos', 'De Contado', 'Financiado'])
    .optional()
    .transform((value) => (value === 'De Contado' || value === 'Financiado' ? value : undefined)),
  fecha_inicio: optionalDate,
  fecha_fin: optionalDate,
  page: integerNumber().pipe(z.number().min(1)).default(1),
  per_page: integerNumber().pipe(z.number().min(1).max(500)).default(50),
});
type ParsedIncomeQuery = z.output<typeof incomeQuerySchema>;
/** The filters as the server reads them; a missing filter is no filter. */
export type IncomeQuery = Partial<ParsedIncomeQuery> & Pick<ParsedIncomeQuery, 'page' | 'per_page'>;

export const INCOME_MESSAGES = {
  errorCargar: 'Error al cargar el historial de ingresos.',
  sinIngresos: 'No hay ingresos para los filtros seleccionados.',
  sinSupervisor: 'Sin supervisor',
  /** The one text of an inverted range (its screen says Fecha Inicio and Fecha Fin). */
  rangoFechasInvalido: MSG.rangoFechasInvalido,
  // SPEC §2 screen 9 footer totals.
  totalContado: 'Total De Contado',
  totalFinanciado: 'Total Financiado',
  sumaTotalPagos: 'Suma total de Pagos',
  // Issue 14 §3: verified vs reported, per seller and in the totals.
  totalVerificado: 'Total verificado',
  totalPorVerificar: 'Total por verificar',
} as const;

/** One row of the summary per supervisor and seller. */
export const incomeBySellerSchema = z.object({
  vendedor_id: z.number().int(),
  vendedor_nombre: z.string(),
  supervisor_id: z.number().int().nullable(),
  supervisor_nombre: z.string().nullable(),
  total_contratos: z.number().int(),
  total_financiado: z.number(),
  total_contado: z.number(),
  total_ingresos: z.number(),
  /** Issue 14 §3: of total_ingresos, what administración verified and what still waits for it. */
  total_verificado: z.number(),
  total_por_verificar: z.number(),
});
export type IncomeBySeller = z.infer<typeof incomeBySellerSchema>;

export const incomeContractSchema = requestDtoSchema.extend({ total_pagado: z.number() });
export type IncomeContract = z.infer<typeof incomeContractSchema>;

/**
 * GET /api/v1/admin/historial-ingresos-resumen: the summary and the totals over every matching contract
 * (summed by the server), and one page of the contracts.
 */
export const incomeSummarySchema = z.object({
  vendedores: z.array(incomeBySellerSchema),
  contratos: z.array(incomeContractSchema),
  total_contratos: z.number().int(),
  totales: z.object({
    total_contado: z.number(),
    total_financiado: z.number(),
    suma_total_pagos: z.number(),
    /** Issue 14 §3: of suma_total_pagos, what administración verified and what still waits for it. */
    total_verificado: z.number().optional(),
    total_por_verificar: z.number().optional(),
  }),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type IncomeSummary = z.infer<typeof incomeSummarySchema>;
