import { z } from 'zod';
import {
  contractHistoryQuerySchema,
  requestsToConvertQuerySchema,
  SERVICE_LABELS,
  skipLimitQuerySchema,
} from './contracts';
import {
  dateRangeIssue,
  isDateRangeInOrder,
  listDayField,
  listFormatField,
  listSearchField,
  listSortField,
} from './list-query';

// Issue 15 (decision 032) on the administration's contract lists: Gestionar Solicitudes, Contratos Activos,
// Solicitudes Caducadas and the cash and financed histories. Each keeps its SPEC §7 page words and answer, and
// adds q (client name or cédula, request or contract number), orden, the service, the seller, a range of the
// creation date (the 'Fecha de Creación' every one of them shows) and formato=csv.

export const CONTRACT_LIST_MESSAGES = {
  servicioInvalido: 'Tipo de servicio no válido.',
  vendedorInvalido: 'Vendedor no válido: indique su número.',
  buscarSolicitudes: 'Buscar por cliente, cédula o número',
} as const;

/** The `tipo_servicio` values the lists filter by (SPEC §1 services). */
export const CONTRACT_LIST_SERVICES = Object.keys(SERVICE_LABELS);

/** The filters every contract list shares, beside its own page words. */
const contractListFilters = {
  q: listSearchField,
  formato: listFormatField,
  tipo_servicio: z
    .string()
    .refine((value) => value === '' || CONTRACT_LIST_SERVICES.includes(value), {
      message: CONTRACT_LIST_MESSAGES.servicioInvalido,
    })
    .optional()
    .transform((value) => value || undefined),
  vendedor: z
    .string()
    .regex(/^\d{0,9}$/, CONTRACT_LIST_MESSAGES.vendedorInvalido)
    .optional()
    .transform((value) => (value ? Number(value) : undefined)),
  desde: listDayField(),
  hasta: listDayField(),
};

/** The words of a contract list beyond its SPEC §7 page: with none of them, the answer is the one of before. */
export type ContractListWords = {
  q?: string;
  orden?: string;
  tipo_servicio?: string;
  vendedor?: number;
  desde?: string;
  hasta?: string;
};

export function hasContractListWords(query: ContractListWords): boolean {
  return Boolean(
    query.q || query.orden || query.tipo_servicio || query.vendedor || query.desde || query.hasta,
  );
}

// ——— Gestionar Solicitudes (GET /api/v1/admin/solicitudes) ———
export const REQUESTS_TO_CONVERT_SORT_FIELDS = [
  'numero_solicitud',
  'cliente',
  'tipo_servicio',
  'fecha_creacion',
  'monto_total',
  'modalidad_pago',
  'estado',
] as const;
export const requestsToConvertListQuerySchema = requestsToConvertQuerySchema
  .extend({ ...contractListFilters, orden: listSortField(REQUESTS_TO_CONVERT_SORT_FIELDS) })
  .refine(isDateRangeInOrder, dateRangeIssue);
export type RequestsToConvertListQuery = z.infer<typeof requestsToConvertListQuerySchema>;
export const REQUESTS_TO_CONVERT_CSV_HEADER = [
  'Nº Solicitud',
  'Cliente',
  'Cédula',
  'Vendedor',
  'Tipo de Servicio',
  'Fecha de Creación',
  'Monto Total',
  'Modalidad de Pago',
  'Estado',
];

// ——— Contratos Activos (GET /api/v1/admin/contratos/activos) ———
export const ACTIVE_CONTRACTS_SORT_FIELDS = [
  'numero_contrato',
  'vendedor',
  'cliente',
  'tipo_servicio',
  'metodo_pago',
  'fecha_creacion',
  'monto_total',
] as const;
export const activeContractsListQuerySchema = skipLimitQuerySchema
  .extend({ ...contractListFilters, orden: listSortField(ACTIVE_CONTRACTS_SORT_FIELDS) })
  .refine(isDateRangeInOrder, dateRangeIssue);
export type ActiveContractsListQuery = z.infer<typeof activeContractsListQuerySchema>;
export const ACTIVE_CONTRACTS_CSV_HEADER = [
  'Número de Contrato',
  'Vendedor',
  'Cliente',
  'Cédula',
  'Tipo de Servicio',
  'Método de Pago',
  'Fecha de Creación',
  'Estado',
  'Monto Total',
];

// ——— Solicitudes Caducadas (GET /api/v1/admin/solicitudes/caducadas) ———
export const EXPIRED_REQUESTS_SORT_FIELDS = [
  'numero_solicitud',
  'cliente',
  'tipo_servicio',
  'fecha_creacion',
  'fecha_vencimiento',
] as const;
export const expiredRequestsListQuerySchema = skipLimitQuerySchema
  .extend({ ...contractListFilters, orden: listSortField(EXPIRED_REQUESTS_SORT_FIELDS) })
  .refine(isDateRangeInOrder, dateRangeIssue);
export type ExpiredRequestsListQuery = z.infer<typeof expiredRequestsListQuerySchema>;
export const EXPIRED_REQUESTS_CSV_HEADER = [
  'Número de Solicitud',
  'Cliente',
  'Cédula',
  'Teléfono',
  'Vendedor',
  'Tipo de Servicio',
  'Fecha de Creación',
  'Fecha de Vencimiento',
  'Estado',
];

// ——— Pagos de Contado / Pagos Financiados (GET /api/v1/admin/contratos-de-contado) ———
export const CONTRACT_HISTORY_SORT_FIELDS = [
  'numero_contrato',
  'cliente',
  'vendedor',
  'tipo_servicio',
  'fecha_creacion',
  'metodo_pago',
  'precio_plan',
  'monto_total',
] as const;
export const contractHistoryListQuerySchema = contractHistoryQuerySchema
  .extend({ ...contractListFilters, orden: listSortField(CONTRACT_HISTORY_SORT_FIELDS) })
  .refine(isDateRangeInOrder, dateRangeIssue);
export type ContractHistoryListQuery = z.infer<typeof contractHistoryListQuerySchema>;
export const CONTRACT_HISTORY_CSV_HEADER = [
  'Número de Contrato',
  'Cliente',
  'Cédula',
  'Vendedor',
  'Tipo de Servicio',
  'Fecha de Creación',
  'Método de Pago',
  'Pago Inicial',
  'Precio del Plan',
  'Monto Total',
];
