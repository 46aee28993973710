import { z } from 'zod';

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
});
export type RequestDto = z.infer<typeof requestDtoSchema>;

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
} as const;

/** SPEC §9 contract numbers: pre-need contracts PRV-000001, every other contract CON-000001. */
export function formatContractNumber(tipoServicio: string, sequence: number): string {
  const prefix = tipoServicio === 'previsivo' ? 'PRV-' : 'CON-';
  return `${prefix}${String(sequence).padStart(6, '0')}`;
}

export const convertRequestSchema = z.object({
  SolicitudId: z.coerce.number('Indique la solicitud.').int().positive('Indique la solicitud.'),
});

export const pageQuerySchema = z.object({
  page: z.coerce.number('Debe ser un número válido.').int().min(1).default(1),
  per_page: z.coerce.number('Debe ser un número válido.').int().min(1).max(100).default(10),
});
export const skipLimitQuerySchema = z.object({
  skip: z.coerce.number('Debe ser un número válido.').int().min(0).default(0),
  limit: z.coerce.number('Debe ser un número válido.').int().min(1).max(100).default(10),
});
