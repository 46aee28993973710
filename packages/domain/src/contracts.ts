import { z } from 'zod';
import { clientSchema } from './clients';
import { idNumber, integerNumber } from './numbers';
import { ownEntry } from './records';

/** SPEC §3 Detalle, as every list shows it (montoPorCuotas and montoPorCuota both, as the old screens read). */
export const requestLineDtoSchema = z.object({
  id: z.number().int(),
  codigo: z.string().nullable(),
  descripcion: z.string().nullable(),
  tipo_servicio: z.string(),
  modalidadPago: z.string(),
  metodoPago: z.string(),
  tipo_moneda: z.string().nullable(),
  pagoInicial: z.number(),
  cuotas: z.number().int(),
  montoPorCuotas: z.number(),
  montoPorCuota: z.number(),
  precioFinanciado: z.number(),
  descuento: z.number(),
  precioConDescuento: z.number(),
  precioPlan: z.number(),
  precioTotal: z.number(),
  estadoPago: z.string(),
  detalles_adicionales: z.record(z.string(), z.unknown()).nullable(),
});
export type RequestLineDto = z.infer<typeof requestLineDtoSchema>;

export const methodPriceSchema = z.object({
  monto_total: z.number(),
  descuento: z.number(),
  /** What is due now: the initial payment (financed) or the whole price (cash), in USD. */
  monto_a_pagar: z.number(),
});
export type MethodPrice = z.infer<typeof methodPriceSchema>;

/** SPEC §3 Solicitud/contract as the lists show it. */
export const requestDtoSchema = z.object({
  id: z.number().int(),
  numero_solicitud: z.string(),
  numero_contrato: z.string().nullable(),
  cliente_id: z.number().int(),
  vendedor_id: z.number().int(),
  supervisor_id: z.number().int().nullable(),
  tipo_servicio: z.string(),
  descripcion: z.string().nullable(),
  fecha_creacion: z.string(),
  fecha_vencimiento: z.string(),
  fecha_conversion: z.string().nullable(),
  estado: z.string(),
  estadoPago: z.string(),
  modalidadPago: z.string(),
  precioPlan: z.number(),
  monto_total: z.number(),
  items_adicionales: z.object({
    metodoPago: z.string(),
    descuento: z.number(),
    precioConDescuento: z.number(),
  }),
  email_enviado: z.boolean(),
  vendedor_nombre: z.string(),
  cliente: z.object({
    nombre: z.string(),
    cedula: z.string(),
    celular: z.string().nullable(),
    telefono: z.string().nullable(),
  }),
  detalles: z.array(requestLineDtoSchema),
  /**
   * DESIGN §4.12: the request priced in each currency it may be paid in, as the server will store it; null where
   * paying in that currency is impossible (a USD initial whose discount would leave no balance).
   */
  precios_por_metodo: z.object({ USD: methodPriceSchema.nullable(), VES: methodPriceSchema.nullable() }),
});
export type RequestDto = z.infer<typeof requestDtoSchema>;

/** SPEC §7 GET /api/v1/clientes/lista/{sellerId} and /api/v1/contratos/lista/{sellerId}: a client with its requests. */
export const clientWithRequestsSchema = clientSchema.extend({
  solicitudes: z.array(requestDtoSchema),
  contratos: z.array(requestDtoSchema),
});
export type ClientWithRequests = z.infer<typeof clientWithRequestsSchema>;

/** SPEC §3 Seller (sales views), as GET /api/vendedor/list/{promotorId} answers it. */
export const sellerSummarySchema = z.object({
  id: z.number(),
  usuario: z.string(),
  email: z.string(),
  telefono: z.string().nullable(),
});
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

export const CONTRACT_MESSAGES = {
  convertida: (numero: string) => `Solicitud ${numero} convertida a contrato exitosamente`,
  yaConvertida: 'La solicitud ya fue convertida a contrato.',
  caducada: 'La solicitud está caducada y no puede convertirse en contrato.',
  noEncontrada: 'Solicitud no encontrada.',
  soloCaducadas: 'Solo se pueden eliminar solicitudes caducadas.',
  caducadaEliminada: 'Solicitud caducada eliminada con éxito.',
  sinCaducadas: 'No hay solicitudes caducadas disponibles.',
  caducadasListadas: 'Solicitudes caducadas obtenidas exitosamente.',
  vendedorAjeno: 'No tiene acceso a los datos de ese vendedor.',
  // SPEC §2 Admin screens 4–6 and 8, §5 Confirmations, §8 Requests and contracts (admin).
  sinSolicitudes: 'No hay solicitudes disponibles.',
  errorListaSolicitudes: 'Error al obtener la lista de solicitudes.',
  errorConvertir: (detail: string) => `Error al convertir la solicitud: ${detail}`,
  sinContratos: 'No hay contratos disponibles.',
  sinDetallesContrato: 'No hay detalles disponibles para este contrato.',
  sinDetallesSolicitud: 'No hay detalles disponibles para esta solicitud.',
  errorContratosActivos: 'Error al cargar los contratos activos.',
  errorCaducadas: 'Error al cargar solicitudes caducadas.',
  confirmarEliminarCaducada: '¿Estás seguro de que deseas eliminar esta solicitud caducada?',
  errorEliminarCaducada: 'Error al eliminar la solicitud caducada.',
  errorCargarContratos: 'Error al cargar los contratos',
  // Issue 15: the conversion list's state filter and its confirmation.
  estadoFiltroInvalido: 'Estado no válido: use solicitud, contrato o todos.',
  confirmarConversion: (numero: string) => `¿Convertir la solicitud ${numero} en contrato?`,
} as const;

/** SPEC §2 Sales area lists and §8 Lists and reports. */
export const SALES_LIST_MESSAGES = {
  sinClientes: 'Usted no posee clientes registrados.',
  clienteSinSolicitudes: 'Este cliente no posee solicitudes asociadas.',
  clienteSinContratos: 'Este cliente no posee contratos asociados.',
  errorListaClientes: 'Error al obtener la lista de clientes.',
  errorListaContratos: 'Error al obtener la lista de contratos.',
  sinIdVendedor: 'No se pudo obtener el ID del vendedor.',
  sinVendedoresAsignados: 'Usted no poseé vendedores asignados.',
  sinVendedoresACargo: 'No posee vendedores a su cargo.',
  errorContratosVendedor: 'Error al obtener los contratos del vendedor.',
  noDisponible: 'No disponible',
} as const;

/** SPEC §4 Request estado badges; a missing estado shows 'Sin estado'. */
export const REQUEST_STATE_LABELS: Readonly<Record<string, string>> = {
  solicitud: 'SOLICITUD',
  contrato: 'CONTRATO',
};
export const SIN_ESTADO = 'Sin estado';

/** SPEC §4 Payment state badges. */
export const PAYMENT_STATE_LABELS: Readonly<Record<string, string>> = {
  pendiente: 'PENDIENTE',
  inicial_pagada: 'INICIAL PAGADA',
  pagado: 'PAGADO',
};

/** The services of SPEC §1 by the `tipo_servicio` the requests carry, as the sales menu names them. */
export const SERVICE_LABELS: Readonly<Record<string, string>> = {
  parcelas: 'Parcelas',
  'nichos-columbarios': 'Nichos de Columbarios',
  'nichos-ataud': 'Nichos de Ataúd',
  cremacion: 'Cremación',
  'honra-exequias': 'Honra de Exequias',
  inhumacion: 'Inhumación de Parcelas',
  'plan-funerario': 'Plan Funerario',
  previsivo: 'Previsivo',
  'servicio-funerario': 'Servicio Funerario',
};

export function serviceLabel(tipoServicio: string): string {
  return ownEntry(SERVICE_LABELS, tipoServicio) ?? tipoServicio;
}

/** SPEC §9 page sizes of the requests, contracts, expired and sales lists. */
export const LIST_PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_LIST_PAGE_SIZE = 10;

/**
 * SPEC §9 Server lists: the active contracts answer a bare array, so their total is estimated. A full page
 * may have more behind it: total = (page + 1) × size + 1, which keeps 'next page' enabled; a shorter page is
 * the last one. `page` is zero-based, as skip = page × size.
 */
export function estimatedTotal({
  page,
  pageSize,
  received,
}: {
  page: number;
  pageSize: number;
  received: number;
}): number {
  return received >= pageSize ? (page + 1) * pageSize + 1 : page * pageSize + received;
}

/** SPEC §9 Server lists: the contracts and expired lists page with skip = page × size and limit = size. */
export function skipLimit(page: number, pageSize: number): { skip: number; limit: number } {
  return { skip: page * pageSize, limit: pageSize };
}

/** SPEC §9 contract numbers: pre-need contracts PRV-000001, every other contract CON-000001. */
export function formatContractNumber(tipoServicio: string, sequence: number): string {
  const prefix = tipoServicio === 'previsivo' ? 'PRV-' : 'CON-';
  return `${prefix}${String(sequence).padStart(6, '0')}`;
}

export const convertRequestSchema = z.object({
  SolicitudId: idNumber('Indique la solicitud.'),
});

export const pageQuerySchema = z.object({
  page: integerNumber().pipe(z.number().min(1)).default(1),
  per_page: integerNumber().pipe(z.number().min(1).max(100)).default(10),
});
/** Issue 15: which requests the conversion list shows; the screen asks for the unconverted ones first. */
export const CONVERSION_FILTERS = ['solicitud', 'contrato', 'todos'] as const;
export type ConversionFilter = (typeof CONVERSION_FILTERS)[number];

/** GET /api/v1/admin/solicitudes: a 1-based page and, issue 15, the state (todos by default, as SPEC §7). */
export const requestsToConvertQuerySchema = pageQuerySchema.extend({
  estado: z.enum(CONVERSION_FILTERS, CONTRACT_MESSAGES.estadoFiltroInvalido).default('todos'),
});

export const skipLimitQuerySchema = z.object({
  skip: integerNumber().pipe(z.number().min(0)).default(0),
  limit: integerNumber().pipe(z.number().min(1).max(100)).default(10),
});

/**
 * Issue 12: the lists SPEC §7 shows unpaged (financed contracts, contract history, audit) take an optional
 * 1-based page, with its total in the X-Total-Count header; without page and per_page they answer the whole
 * list, as before. One of the two alone pages with the other's default (page 1, 10 rows).
 */
export const optionalPageQuerySchema = z.object({
  page: integerNumber().pipe(z.number().min(1)).optional(),
  per_page: integerNumber().pipe(z.number().min(1).max(100)).optional(),
});
export type OptionalPageQuery = z.infer<typeof optionalPageQuerySchema>;

/** GET /api/v1/admin/contratos-de-contado: the cash or financed screen asks for its modality (SPEC §2 screen 8). */
export const contractHistoryQuerySchema = optionalPageQuerySchema.extend({
  modalidad: z.enum(['De Contado', 'Financiado']).optional(),
});

/** SPEC §7 POST /api/v1/admin/convertir-contrato's answer. */
export const contractConvertedSchema = z.object({ mensaje: z.string(), numero_contrato: z.string() });
export type ContractConverted = z.infer<typeof contractConvertedSchema>;

/** SPEC §7 GET /api/v1/admin/solicitudes/caducadas's answer: a page of expired requests and how many there are. */
export const expiredRequestsPageSchema = z.object({
  data: z.array(requestDtoSchema),
  total_solicitudes: z.number().int(),
  message: z.string(),
});
export type ExpiredRequestsPage = z.infer<typeof expiredRequestsPageSchema>;

/** POST /api/v1/solicitudes/procesar-solicitudes-caducadas's answer: how many requests the run expired. */
export const expiryRunSchema = z.object({ procesadas: z.number().int() });
export type ExpiryRun = z.infer<typeof expiryRunSchema>;
