import type { RequestDto, RequestLineDto } from '@camposanto/domain';

/** One line of a request as the lists answer it: a financed cremation, 100 down and 3 instalments of 540. */
export function makeRequestLineDto(overrides: Partial<RequestLineDto> = {}): RequestLineDto {
  return {
    id: 10,
    codigo: 'CRE-01',
    descripcion: 'Cremación directa',
    tipo_servicio: 'cremacion',
    modalidadPago: 'Financiado',
    metodoPago: 'USD',
    tipo_moneda: 'USD',
    pagoInicial: 100,
    cuotas: 3,
    montoPorCuotas: 540,
    montoPorCuota: 540,
    precioFinanciado: 1080,
    descuento: 20,
    precioConDescuento: 1180,
    precioPlan: 1200,
    precioTotal: 1200,
    estadoPago: 'pendiente',
    detalles_adicionales: null,
    ...overrides,
  };
}

/**
 * A request as the lists answer it (SPEC §3 Solicitud/contract): by default contract `id` (1), converted, with one
 * financed cremation line whose id is ten times the request's. Numbers follow the id: CRE000004, CON-000004.
 */
export function makeRequestDto(overrides: Partial<RequestDto> = {}): RequestDto {
  const id = overrides.id ?? 1;
  return {
    id,
    numero_solicitud: `CRE${String(id).padStart(6, '0')}`,
    numero_contrato: `CON-${String(id).padStart(6, '0')}`,
    cliente_id: 3,
    vendedor_id: 7,
    supervisor_id: null,
    tipo_servicio: 'cremacion',
    descripcion: 'Cremación directa',
    fecha_creacion: '2024-05-03T14:00:00.000Z',
    fecha_vencimiento: '2024-05-06T14:00:00.000Z',
    fecha_conversion: '2024-05-04T14:00:00.000Z',
    estado: 'contrato',
    estadoPago: 'pendiente',
    modalidadPago: 'Financiado',
    precioPlan: 1200,
    monto_total: 1180,
    items_adicionales: { metodoPago: 'USD', descuento: 20, precioConDescuento: 1180 },
    precios_por_metodo: { USD: null, VES: null },
    email_enviado: false,
    vendedor_nombre: 'Valeria Vendedora',
    cliente: { nombre: 'Carlos Cliente', cedula: 'V-30111222', celular: '04141234567', telefono: null },
    detalles: [makeRequestLineDto({ id: id * 10 })],
    ...overrides,
  };
}
