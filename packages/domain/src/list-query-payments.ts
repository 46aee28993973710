import { z } from 'zod';
import { collectionsQuerySchema } from './collections';
import { incomeQuerySchema } from './income';
import {
  dateRangeIssue,
  isDateRangeInOrder,
  listDayField,
  listFormatField,
  listSearchField,
  listSortField,
} from './list-query';
import { optionalPageQuerySchema } from './contracts';
import { idNumber } from './numbers';
import { verificationQuerySchema } from './payment-verification';

// Issue 15 (docs/decisions/032-list-search-sort-export.md) on the payments lists of the administration: Historial
// de Cuotas (financed contracts), Historial de ingresos (its contracts table), Cobranza and the verification queue.
// Each list takes `q` (client name or cédula, request or contract number; the verification queue also the payment
// reference), `orden` over the columns below, its filters and `formato=csv`.

export const PAYMENT_LIST_MESSAGES = {
  vendedorInvalido: 'Vendedor no válido: indique su número.',
  fechaInvalida: 'Fecha no válida: use AAAA-MM-DD.',
  monedaInvalida: 'Moneda no válida: use usd o ves.',
  servicioInvalido: 'Servicio no válido.',
  /** Historial de ingresos: a search narrows the contracts table, never the summary nor the totals. */
  totalesSinBusqueda: 'El resumen y los totales corresponden a los filtros, sin la búsqueda.',
} as const;

const optionalSeller = z
  .union([z.literal(''), idNumber()], PAYMENT_LIST_MESSAGES.vendedorInvalido)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalDay = listDayField(PAYMENT_LIST_MESSAGES.fechaInvalida);

const optionalService = z
  .string()
  .trim()
  .max(60, PAYMENT_LIST_MESSAGES.servicioInvalido)
  .optional()
  .transform((value) => value || undefined);

// ——— Historial de Cuotas (GET /api/v1/cuotas/contratos-financiados) ———
export const FINANCED_CONTRACT_SORT_FIELDS = [
  'numero_contrato',
  'cliente',
  'vendedor',
  'fecha_creacion',
  'servicio',
  'precio_con_descuento',
  'precio_plan',
] as const;
export const financedContractsFilters = {
  q: listSearchField,
  orden: listSortField(FINANCED_CONTRACT_SORT_FIELDS),
  formato: listFormatField,
  vendedor_id: optionalSeller,
  servicio: optionalService,
  /** The contract's creation, business days in Caracas; `hasta` includes its whole day. */
  desde: optionalDay,
  hasta: optionalDay,
};
export const financedContractsQuerySchema = optionalPageQuerySchema
  .extend(financedContractsFilters)
  .refine(isDateRangeInOrder, dateRangeIssue);
export type FinancedContractsQuery = z.output<typeof financedContractsQuerySchema>;
export const FINANCED_CONTRACT_CSV_HEADER = [
  'Número de Contrato',
  'Vendedor',
  'Cliente',
  'Cédula',
  'Fecha',
  'Tipo de Servicio',
  'Pago Inicial',
  'Total con Descuento',
  'Precio del Plan',
];

// ——— Historial de ingresos: its contracts table (GET /api/v1/admin/historial-ingresos-resumen) ———
export const INCOME_CONTRACT_SORT_FIELDS = [
  'numero_contrato',
  'cliente',
  'vendedor',
  'fecha_creacion',
  'monto_total',
  'total_pagado',
] as const;
export const incomeListQuerySchema = incomeQuerySchema.extend({
  q: listSearchField,
  orden: listSortField(INCOME_CONTRACT_SORT_FIELDS),
  formato: listFormatField,
});
export type IncomeListQuery = z.output<typeof incomeListQuerySchema>;
export const INCOME_CONTRACT_CSV_HEADER = [
  'Número de Contrato',
  'Cliente',
  'Vendedor',
  'Tipo de Servicio',
  'Fecha de Creación',
  'Modalidad de Pago',
  'Pago Inicial',
  'Monto Total',
  'Total Pagado',
];

// ——— Cobranza (GET /api/v1/cobranza; it already had its filters and its CSV) ———
export const COLLECTION_SORT_FIELDS = [
  'numero_contrato',
  'cliente',
  'vendedor',
  'cuotas_vencidas',
  'monto_vencido',
  'dias_mora',
] as const;
export type CollectionSortField = (typeof COLLECTION_SORT_FIELDS)[number];
export const collectionsListQuerySchema = collectionsQuerySchema.extend({
  q: listSearchField,
  orden: listSortField(COLLECTION_SORT_FIELDS),
});
export type CollectionsListQuery = z.output<typeof collectionsListQuerySchema>;

// ——— Verificación de pagos (GET /api/v1/admin/verificacion-pagos) ———
export const PAYMENT_CURRENCIES = ['usd', 'ves'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];
export const PAYMENT_CURRENCY_LABELS: Readonly<Record<PaymentCurrency, string>> = {
  usd: 'Dólares (USD)',
  ves: 'Bolívares (VES)',
};
export const VERIFICATION_SORT_FIELDS = [
  'fecha_pago',
  'numero',
  'cliente',
  'vendedor',
  'monto_pagado',
] as const;
export const verificationListQuerySchema = verificationQuerySchema
  .extend({
    q: listSearchField,
    orden: listSortField(VERIFICATION_SORT_FIELDS),
    formato: listFormatField,
    /** Payments with a part in that currency (divisas or bolívares above zero). */
    moneda: z
      .enum([...PAYMENT_CURRENCIES, ''], PAYMENT_LIST_MESSAGES.monedaInvalida)
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    vendedor_id: optionalSeller,
    /** The payment's date, business days in Caracas; `hasta` includes its whole day. */
    desde: optionalDay,
    hasta: optionalDay,
  })
  .refine(isDateRangeInOrder, dateRangeIssue);
export type VerificationListQuery = z.output<typeof verificationListQuerySchema>;
export const VERIFICATION_CSV_HEADER = [
  'Contrato / Solicitud',
  'Fecha',
  'Concepto',
  'Cliente',
  'Vendedor',
  'Monto (USD)',
  'Divisas (USD)',
  'Bolívares (VES)',
  'Tasa',
  'Banco emisor',
  'Referencia',
  'Estado',
];
