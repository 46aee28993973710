import { z } from 'zod';
import { pageQuerySchema, SERVICE_LABELS } from './contracts';
import { listDayField, listFormatField, listQuerySchema, listSearchField, listSortField } from './list-query';
import { VERIFICATION_STATES } from './payment-verification';

// Issue 15 (decision 032): search, sort, filters and CSV of the seller's lists under /ventas. A seller sees only
// their own rows and a supervisor their team's, in the page, the search and the CSV alike (lib/seller-scope.ts).

export const SALES_LIST_QUERY_MESSAGES = {
  servicioInvalido: 'Servicio no válido.',
  estadoSolicitudInvalido: 'Estado no válido: use solicitud o contrato.',
  estadoPagoInvalido: 'Estado de pago no válido: use pendiente, inicial_pagada o pagado.',
  verificacionInvalida: 'Verificación no válida: use por_verificar, verificado o rechazado.',
} as const;

const SERVICES = Object.keys(SERVICE_LABELS) as [string, ...string[]];

/** One of `values`, or nothing ('' as the screen's «Todos»). */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum([...values, ''] as [string, ...string[]], message)
    .optional()
    .transform((value) => (value ? (value as T[number]) : undefined));

/** A business day (Caracas) 'YYYY-MM-DD'; empty means none. */
const optionalDay = listDayField();

/** The filters the requests of a sales list have: service, state and the day they were made. */
const requestFilters = {
  servicio: optionalEnum(SERVICES, SALES_LIST_QUERY_MESSAGES.servicioInvalido),
  desde: optionalDay,
  hasta: optionalDay,
};

// ——— Solicitudes, Clientes and Contratos (a page of clients, each with their requests or contracts) ———
export const SALES_CLIENT_SORT_FIELDS = ['nombre', 'cedula', 'telefono', 'fecha'] as const;
export const SALES_REQUEST_STATES = ['solicitud', 'contrato'] as const;
export const salesClientListQuerySchema = pageQuerySchema.extend({
  q: listSearchField,
  orden: listSortField(SALES_CLIENT_SORT_FIELDS),
  formato: listFormatField,
  estado: optionalEnum(SALES_REQUEST_STATES, SALES_LIST_QUERY_MESSAGES.estadoSolicitudInvalido),
  ...requestFilters,
});
export type SalesClientListQuery = z.infer<typeof salesClientListQuerySchema>;
/** One row per request (or per client without any), the columns of the client and of the request. */
export const SALES_CLIENT_CSV_HEADER = [
  'Nombre',
  'Cédula',
  'Teléfono',
  'Dirección',
  'Correo',
  'No. Transacción',
  'Tipo de Servicio',
  'Modalidad de Pago',
  'Fecha Solicitud',
  'Estado',
  'Estado del Pago',
  'Monto Total',
];

// ——— Lista de Vendedores (a supervisor's team) ———
export const TEAM_SELLER_SORT_FIELDS = ['usuario', 'email', 'telefono'] as const;
export const teamSellersListQuerySchema = listQuerySchema(TEAM_SELLER_SORT_FIELDS);
export type TeamSellersListQuery = z.infer<typeof teamSellersListQuerySchema>;
export const TEAM_SELLER_CSV_HEADER = ['Vendedor', 'Email', 'Teléfono'];

// ——— Reporte de pagos (a page of requests) ———
export const PAYMENT_REPORT_SORT_FIELDS = [
  'fecha',
  'numero',
  'cliente',
  'servicio',
  'monto',
  'estado_pago',
] as const;
export const paymentReportsListQuerySchema = pageQuerySchema.extend({
  // SPEC §7's own filter and its words, unchanged.
  estado_pago: z.enum(['todos', 'pendiente', 'pagados', 'pagado', 'inicial_pagada']).optional(),
  q: listSearchField,
  orden: listSortField(PAYMENT_REPORT_SORT_FIELDS),
  formato: listFormatField,
  ...requestFilters,
});
export type PaymentReportsListQuery = z.infer<typeof paymentReportsListQuerySchema>;
export const PAYMENT_REPORT_CSV_HEADER = [
  'Nº Solicitud',
  'Nº Contrato',
  'Cliente',
  'Cédula',
  'Servicio',
  'Fecha',
  'Vence',
  'Modalidad de Pago',
  'Método de Pago',
  'Descuento',
  'Precio con Descuento',
  'Precio del Plan',
  'Estado',
];

// ——— Historial de pagos (a page of payments) ———
export const PAYMENT_HISTORY_SORT_FIELDS = ['fecha', 'numero', 'cliente', 'monto'] as const;
export const paymentHistoryListQuerySchema = pageQuerySchema.extend({
  q: listSearchField,
  orden: listSortField(PAYMENT_HISTORY_SORT_FIELDS),
  formato: listFormatField,
  verificacion: optionalEnum(VERIFICATION_STATES, SALES_LIST_QUERY_MESSAGES.verificacionInvalida),
  desde: optionalDay,
  hasta: optionalDay,
});
export type PaymentHistoryListQuery = z.infer<typeof paymentHistoryListQuerySchema>;
export const PAYMENT_HISTORY_CSV_HEADER = [
  'Fecha',
  'No. Transacción',
  'Cliente',
  'Concepto',
  'Método',
  'Monto Pagado',
  'Monto en USD',
  'Monto en Bs.',
  'Referencia',
  'Estado',
  'Verificación',
];
