import { z } from 'zod';
import { clientSchema } from './clients';
import { requestDtoSchema } from './contracts';
import { toCents, type Cents } from './money';
import { idNumber, MAX_AMOUNT } from './numbers';
import { VERIFICATION_STATES } from './payment-verification';

/** SPEC §9: the Venezuelan issuing banks of the payment forms. */
export const BANCOS_EMISORES = [
  'Banco de Venezuela',
  'Banesco',
  'Banco Mercantil',
  'BBVA Provincial',
  'Banco Nacional de Crédito (BNC)',
  'Banco del Tesoro',
  'Bancaribe',
  'Banco Exterior',
  'Banco Caroní',
  'Banco Plaza',
  'Banco Activo',
  'Bancamiga',
  'Banco Fondo Común (BFC)',
  'Banco Sofitasa',
  'Banco Venezolano de Crédito',
  'Banplus',
  '100% Banco',
  'Banco Agrícola de Venezuela',
  'Bancrecer',
  'Mi Banco',
  'Banco Digital de los Trabajadores',
  'DelSur Banco Universal',
] as const;

export const PAYMENT_MESSAGES = {
  registrado: 'Pago registrado exitosamente',
  errorRegistrar: 'Error al registrar el pago',
  yaReportado: 'El pago de esta solicitud ya fue reportado.',
  cuotaYaPagada: 'Esta cuota ya fue pagada.',
  comprobanteUsd: 'Por favor, suba el comprobante en USD.',
  comprobanteTransferencia: 'Por favor, suba el comprobante de transferencia.',
  comprobantePagoMovil: 'Por favor, suba el comprobante de pago móvil.',
  datosVes: 'Indique el banco emisor, la referencia y el comprobante del pago en bolívares.',
  montoNoCoincide: 'El monto pagado no coincide con el monto de la cuota.',
  sinPagoInicial: 'Esta solicitud no tiene pago inicial: no hay pago que reportar.',
  monedaFija:
    'Las cuotas ya pagadas no admiten otro precio: reporte el pago inicial en la moneda de la solicitud.',
  sinTasa: 'No hay tasa de cambio disponible. Pida a administración que la registre.',
  comprobanteTipo: 'El comprobante debe ser una imagen o un PDF.',
  solicitudCaducada: 'La solicitud está caducada: no admite pagos.',
  faltanDatos: 'Faltan datos del contrato o cuota seleccionada.',
  correoEnviado: 'Correo enviado con éxito',
  correoYaEnviado: 'La solicitud ya fue enviada por correo.',
  correoPendiente: 'Reporte el pago antes de enviar la solicitud.',
  sinCuotas: 'Este contrato aún no tiene cuotas generadas.',
  comprobanteNoEncontrado: 'Comprobante no encontrado.',
  // SPEC §2 'Reporte de pagos' and screen 7, §5 and §8 Instalments and Lists and reports.
  sinReportes: 'No hay reporte de pagos disponible.',
  errorSolicitudes: 'Error al obtener las solicitudes.',
  errorDetalles: 'Error al obtener detalles de la solicitud.',
  errorCorreo: 'Error al enviar correo.',
  faltanDatosCorreo: 'Faltan datos para enviar el correo.',
  errorContratos: 'Error al cargar contratos',
  errorCuotas: 'Error al cargar cuotas del contrato',
  errorPagoCuota: 'Error al registrar el pago de la cuota',
  vendedorNoIdentificado: 'No se pudo identificar al vendedor.',
  sinCliente: 'Sin cliente',
  errorHistorial: 'Error al obtener el historial de pagos.',
  sinHistorial: 'No hay pagos registrados.',
  // Issue 15: why a disabled button of 'Reporte de pagos' is disabled.
  pagoYaReportado: 'El pago de esta solicitud ya fue reportado.',
  inicialYaReportada: 'La inicial ya fue reportada; las cuotas se reportan en Reporte de Cuotas.',
  sinInicialQueReportar: 'Esta solicitud financiada no tiene inicial que reportar.',
  reporteAntesDeEnviar: 'Reporte el pago antes de enviar la solicitud.',
} as const;

/** SPEC §2 'Reporte de pagos': 'Filtrar por Estado', as the list route's `estado_pago` (omitted for Todos). */
export const PAYMENT_STATE_FILTERS = [
  { value: 'todos', label: 'Todos' },
  { value: 'pendiente', label: 'Pendiente' },
  { value: 'pagados', label: 'Pagados' },
  { value: 'inicial_pagada', label: 'Inicial Pagada' },
] as const;
export type PaymentStateFilter = (typeof PAYMENT_STATE_FILTERS)[number]['value'];

type RequestToPay = {
  estadoPago: string;
  modalidadPago: string;
  detalles: { pagoInicial: number }[];
};

/** Issue 10 §9: a financed request with no initial payment has nothing to report, and moves on as it is. */
export function hasNothingDueNow(request: Omit<RequestToPay, 'estadoPago'>): boolean {
  return request.modalidadPago === 'Financiado' && request.detalles.every((line) => line.pagoInicial === 0);
}

/** SPEC §4 Payment state: the report button is disabled once the request is inicial_pagada or pagado. */
export function canReportRequestPayment(request: RequestToPay): boolean {
  return request.estadoPago === 'pendiente' && !hasNothingDueNow(request);
}

/** SPEC §4: 'Enviar Solicitud' is disabled when the e-mail was already sent or a payment is still to report. */
export function canSendRequestEmail(request: RequestToPay & { email_enviado: boolean }): boolean {
  return !request.email_enviado && (request.estadoPago !== 'pendiente' || hasNothingDueNow(request));
}

/** Issue 15: why 'Reportar Pago' is disabled for a request, or undefined when it is not. */
export function reportPaymentBlockedReason(request: RequestToPay): string | undefined {
  if (canReportRequestPayment(request)) return undefined;
  if (request.estadoPago === 'inicial_pagada') return PAYMENT_MESSAGES.inicialYaReportada;
  if (request.estadoPago === 'pendiente') return PAYMENT_MESSAGES.sinInicialQueReportar;
  return PAYMENT_MESSAGES.pagoYaReportado;
}

/** Issue 15: why 'Enviar Solicitud' is disabled for a request, or undefined when it is not. */
export function sendEmailBlockedReason(
  request: RequestToPay & { email_enviado: boolean },
): string | undefined {
  if (canSendRequestEmail(request)) return undefined;
  return request.email_enviado ? PAYMENT_MESSAGES.correoYaEnviado : PAYMENT_MESSAGES.reporteAntesDeEnviar;
}

/** SPEC §4 Instalment: the payment types of an instalment, and how bolivars are paid (SPEC §2 screen 7). */
export const INSTALMENT_PAYMENT_TYPES = ['USD', 'VES', 'Ambos'] as const;
export type InstalmentPaymentType = (typeof INSTALMENT_PAYMENT_TYPES)[number];
export const VES_METHODS = [
  { value: 'transferencia', label: 'Transferencia Bancaria' },
  { value: 'pago_movil', label: 'Pago Móvil' },
] as const;
export type VesMethod = (typeof VES_METHODS)[number]['value'];

/** SPEC §3 Instalment: estado_pago pagado, vencido, any other value is pending. */
export function instalmentState(estadoPago: string): 'pagado' | 'vencido' | 'pendiente' {
  return estadoPago === 'pagado' || estadoPago === 'vencido' ? estadoPago : 'pendiente';
}

export type PaymentMethod = 'USD' | 'VES';

/** Bolivars for a USD amount at a rate, to the cent. */
export function toBolivares(usd: Cents, rate: number): Cents {
  return Math.round(usd * rate);
}

/** SPEC §9 mixed payment: USD plus VES ÷ rate, in USD cents. */
export function instalmentPaidInUsd(args: { usd: Cents; ves: Cents; rate: number }): Cents {
  return args.usd + (args.ves > 0 ? Math.round(args.ves / args.rate) : 0);
}

export const MIXED_TOLERANCE_CENTS = 1;

/**
 * SPEC §5, §9: a single-currency payment equals the instalment exactly (dollars, or bolívares at the rate to the
 * cent); only a mixed payment ('Ambos') may differ from it by 0.01 USD, the rounding of the conversion.
 */
export function instalmentAmountMatches(args: {
  tipo: InstalmentPaymentType;
  usd: Cents;
  ves: Cents;
  rate: number | null;
  due: Cents;
}): boolean {
  const { tipo, usd, ves, rate, due } = args;
  if (tipo === 'USD') return usd === due;
  if (!rate || !(rate > 0)) return false;
  if (tipo === 'VES') return ves === toBolivares(due, rate);
  return Math.abs(instalmentPaidInUsd({ usd, ves, rate }) - due) <= MIXED_TOLERANCE_CENTS;
}

const money = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return 0;
    try {
      const cents = toCents(value);
      if (cents < 0 || cents > MAX_AMOUNT * 100) throw new RangeError();
      return cents;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Debe ser un importe válido.' });
      return z.NEVER;
    }
  });

/** SPEC §7 POST /api/reporte-pagos/guardar-pago fields (multipart text); amounts are the server's. */
export const requestPaymentFieldsSchema = z.object({
  solicitud_id: idNumber('Indique la solicitud.'),
  metodoPago: z.enum(['USD', 'VES'], 'Método de pago no válido.'),
  banco_emisor: z.string().trim().max(80).optional(),
  referencia: z.string().trim().max(40).optional(),
  observaciones: z.string().trim().max(500).optional(),
});

/** SPEC §7 POST /api/v1/cuotas/pago-cuota fields. */
export const instalmentPaymentFieldsSchema = z.object({
  cuota_id: idNumber(PAYMENT_MESSAGES.faltanDatos),
  metodo_pago: z.enum(INSTALMENT_PAYMENT_TYPES, 'Tipo de pago no válido.'),
  metodo_ves: z.enum(['transferencia', 'pago_movil']).optional(),
  monto_usd: money,
  monto_ves: money,
  banco_emisor: z.string().trim().max(80).optional(),
  referencia: z.string().trim().max(40).optional(),
  observaciones: z.string().trim().max(500).optional(),
});

/** Issue 10 §7: how a paid instalment was paid, for the office to check it against its receipts. */
export const instalmentPaymentSchema = z.object({
  id: z.number().int(),
  fecha_pago: z.string(),
  metodo_pago: z.string(),
  metodo_ves: z.string().nullable(),
  divisas: z.number(),
  bolivares: z.number(),
  dollar_price: z.number().nullable(),
  monto_pagado: z.number(),
  banco_emisor: z.string().nullable(),
  referencia: z.string().nullable(),
  tiene_comprobante_usd: z.boolean(),
  tiene_comprobante_ves: z.boolean(),
  /** Issue 14 §3: where administración's check of the receipt stands (the API always sends it). */
  estado_verificacion: z.enum(VERIFICATION_STATES).optional(),
  motivo_rechazo: z.string().nullable().optional(),
});
export type InstalmentPayment = z.infer<typeof instalmentPaymentSchema>;

export const instalmentSchema = z.object({
  id: z.number().int(),
  contrato_id: z.number().int(),
  numero: z.number().int(),
  numero_contrato: z.string().nullable(),
  tipo_servicio: z.string(),
  cuotas: z.number(),
  monto: z.number(),
  fecha_vencimiento: z.string(),
  estado_pago: z.string(),
  fecha_pago: z.string().nullable(),
  precioFinanciado: z.number(),
  /** The payment of a paid instalment; null while unpaid. */
  pago: instalmentPaymentSchema.nullable().optional(),
});

export const instalmentsResponseSchema = z.object({
  cuotas: z.array(instalmentSchema),
  cuotas_pagadas: z.number().int(),
  cuotas_pendientes: z.number().int(),
  total_pendiente: z.number(),
});

export const paymentReportSchema = z.object({
  id: z.number().int(),
  solicitud_id: z.number().int(),
  numero_solicitud: z.string(),
  numero_contrato: z.string().nullable(),
  cliente: z.string(),
  tipo: z.string(),
  nro_cuota: z.number().int().nullable(),
  fecha_pago: z.string(),
  metodo_pago: z.string(),
  metodo_ves: z.string().nullable(),
  divisas: z.number(),
  bolivares: z.number(),
  dollar_price: z.number().nullable(),
  monto_pagado: z.number(),
  monto_restante: z.number(),
  monto_total: z.number(),
  descuento: z.number(),
  banco_emisor: z.string().nullable(),
  banco_receptor: z.string().nullable(),
  referencia: z.string().nullable(),
  observaciones: z.string().nullable(),
  /** The payment's own state (`paymentOwnState`), not the state its request is in now. */
  estado_pago: z.string(),
  tiene_comprobante_usd: z.boolean(),
  tiene_comprobante_ves: z.boolean(),
  /** Issue 14 §3: where administración's check of the receipt stands (the API always sends it). */
  estado_verificacion: z.enum(VERIFICATION_STATES).optional(),
  motivo_rechazo: z.string().nullable().optional(),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;

/** SPEC §7 POST /api/reporte-pagos/guardar-pago: the answer once a request's payment is saved. */
export const paymentSavedSchema = z.object({
  message: z.string(),
  mensaje: z.string(),
  pago: paymentReportSchema.pick({ id: true }),
  estado_pago: z.string(),
});
export type PaymentSaved = z.infer<typeof paymentSavedSchema>;

/** SPEC §7 GET /api/v1/vendedores/detalles/{clienteId}/{solicitudId}: a request with its client and payments. */
export const requestDetailsSchema = z.object({
  solicitud: requestDtoSchema,
  cliente: clientSchema,
  difunto: z.array(z.record(z.string(), z.unknown())),
  reporte_pagos: z.array(paymentReportSchema),
});
export type RequestDetails = z.infer<typeof requestDetailsSchema>;

/**
 * SPEC §7 POST /api/enviar_correo: the request to e-mail; the old client sent the whole request as
 * `solicitud`, of which only the id is read (the server reads the rest itself).
 */
export const sendRequestEmailSchema = z.object({
  solicitud_id: idNumber().optional(),
  solicitud: z.object({ id: idNumber() }).passthrough().optional(),
});
