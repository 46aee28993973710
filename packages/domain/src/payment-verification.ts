import { z } from 'zod';
import { MSG } from './messages';
import { idNumber, integerNumber } from './numbers';

// Issue 14 §3: every reported payment (cash, initial, instalment) waits in a queue until administración checks its
// receipt and marks it verified or rejected; a rejection undoes what the payment did
// (docs/decisions/023-payment-verification.md).

export const VERIFICATION_STATES = ['por_verificar', 'verificado', 'rechazado'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const VERIFICATION_STATE_LABELS: Readonly<Record<VerificationState, string>> = {
  por_verificar: 'Por verificar',
  verificado: 'Verificado',
  rechazado: 'Rechazado',
};

/** The queue's filter: one state, or every payment ('todos'). */
export const VERIFICATION_FILTERS = [...VERIFICATION_STATES, 'todos'] as const;
export type VerificationFilter = (typeof VERIFICATION_FILTERS)[number];

export const VERIFICATION_FILTER_LABELS: Readonly<Record<VerificationFilter, string>> = {
  ...VERIFICATION_STATE_LABELS,
  todos: 'Todos',
};

export const MOTIVO_RECHAZO_MIN = 5;
export const MOTIVO_RECHAZO_MAX = 500;

export const VERIFICATION_MESSAGES = {
  estadoInvalido: 'Estado no válido: use por_verificar, verificado, rechazado o todos.',
  decisionInvalida: 'Decisión no válida: use verificado o rechazado.',
  motivoRequerido: 'Indique el motivo del rechazo.',
  motivoCorto: `El motivo debe tener al menos ${MOTIVO_RECHAZO_MIN} caracteres.`,
  motivoLargo: `El motivo debe tener como máximo ${MOTIVO_RECHAZO_MAX} caracteres.`,
  pagoNoEncontrado: 'Pago no encontrado.',
  pagoVerificado: 'Pago verificado.',
  pagoRechazado: 'Pago rechazado. Se notificó al vendedor.',
  yaVerificado: 'El pago ya fue verificado: no se puede rechazar ni volver a decidir.',
  yaRechazado: 'El pago ya fue rechazado: no se puede volver a decidir.',
  referenciaRepetida: 'Referencia repetida: otro pago ya usó este banco emisor y esta referencia.',
  referenciaRepetidaAviso:
    'Atención: otro pago ya usó este banco emisor y esta referencia. Puede registrarlo igual; administración lo verificará.',
  sinPagosPorVerificar: 'No hay pagos por verificar.',
  sinPagos: 'No hay pagos para el filtro seleccionado.',
  errorCargarCola: 'Error al cargar los pagos por verificar.',
  errorDecision: 'Error al registrar la decisión.',
  bancoReferenciaRequeridos: 'Indique el banco emisor y la referencia.',
  correoRechazoAsunto: (concepto: string) => `Pago rechazado: ${concepto}`,
} as const;

/** GET /api/v1/admin/verificacion-pagos's query: por_verificar by default (oldest first), 1-based pages. */
export const verificationQuerySchema = z.object({
  estado: z
    .enum(['', ...VERIFICATION_FILTERS], VERIFICATION_MESSAGES.estadoInvalido)
    .optional()
    .transform((value): VerificationFilter => (value ? value : 'por_verificar')),
  page: integerNumber().pipe(z.number().min(1).max(100_000)).default(1),
  per_page: integerNumber().pipe(z.number().min(1).max(100)).default(25),
});
export type VerificationQuery = z.output<typeof verificationQuerySchema>;

/** One receipt of a payment: download it from GET /api/v1/pagos/{id}/comprobante/{moneda}. */
export const verificationReceiptSchema = z.object({
  moneda: z.enum(['usd', 'ves']),
  archivo_id: z.string(),
  tipo_mime: z.string(),
  nombre: z.string(),
});
export type VerificationReceipt = z.infer<typeof verificationReceiptSchema>;

/** A reported payment as the office checks it. Amounts in their currency, decided by the server. */
export const verificationItemSchema = z.object({
  id: z.number().int(),
  /** 'inicial' | 'contado' | 'cuota'. */
  tipo: z.string(),
  /** E.g. 'Pago inicial de la solicitud S-…', 'Cuota 3 del contrato C-…'. */
  concepto: z.string(),
  solicitud_id: z.number().int(),
  numero_solicitud: z.string(),
  numero_contrato: z.string().nullable(),
  nro_cuota: z.number().int().nullable(),
  cliente: z.string(),
  vendedor_id: z.number().int(),
  vendedor: z.string(),
  metodo_pago: z.string(),
  metodo_ves: z.string().nullable(),
  divisas: z.number(),
  bolivares: z.number(),
  /** The rate used (VES per USD); null for a payment in dollars only. */
  dollar_price: z.number().nullable(),
  monto_pagado: z.number(),
  banco_emisor: z.string().nullable(),
  banco_receptor: z.string().nullable(),
  referencia: z.string().nullable(),
  observaciones: z.string().nullable(),
  fecha_pago: z.string(),
  estado_verificacion: z.enum(VERIFICATION_STATES),
  motivo_rechazo: z.string().nullable(),
  /** The name of who decided; null while por_verificar (or a payment migrated as verified). */
  verificado_por: z.string().nullable(),
  fecha_verificacion: z.string().nullable(),
  comprobantes: z.array(verificationReceiptSchema),
  /** Another payment not rejected used the same issuing bank and reference (trimmed, case-insensitive). */
  referencia_repetida: z.boolean(),
});
export type VerificationItem = z.infer<typeof verificationItemSchema>;

/** GET /api/v1/admin/verificacion-pagos: one page and the count of the whole filter (also in X-Total-Count). */
export const verificationPageSchema = z.object({
  items: z.array(verificationItemSchema),
  total: z.number().int(),
});
export type VerificationPage = z.infer<typeof verificationPageSchema>;

/** POST /api/v1/admin/pagos/{id}/verificar: a rejection needs its reason (5–500 characters, trimmed). */
export const verificationDecisionSchema = z
  .object({
    decision: z.enum(['verificado', 'rechazado'], VERIFICATION_MESSAGES.decisionInvalida),
    motivo: z
      .string(MSG.campoRequerido)
      .trim()
      .max(MOTIVO_RECHAZO_MAX, VERIFICATION_MESSAGES.motivoLargo)
      .nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.decision !== 'rechazado') return;
    const motivo = body.motivo ?? '';
    if (motivo === '') {
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: VERIFICATION_MESSAGES.motivoRequerido });
    } else if (motivo.length < MOTIVO_RECHAZO_MIN) {
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: VERIFICATION_MESSAGES.motivoCorto });
    }
  })
  .transform((body) => ({ decision: body.decision, motivo: body.motivo ? body.motivo : null }));
export type VerificationDecision = z.output<typeof verificationDecisionSchema>;
export type VerificationDecisionInput = z.input<typeof verificationDecisionSchema>;

/** The decision's answer: the payment as the queue now shows it. */
export const verificationDecidedSchema = z.object({
  mensaje: z.string(),
  pago: verificationItemSchema,
});
export type VerificationDecided = z.infer<typeof verificationDecidedSchema>;

export const verificationParamsSchema = z.object({ id: idNumber() });

/** GET /api/v1/pagos/referencia-repetida's query: both required, as the report dialog sends them. */
export const repeatedReferenceQuerySchema = z.object({
  banco_emisor: z
    .string(VERIFICATION_MESSAGES.bancoReferenciaRequeridos)
    .trim()
    .min(1, VERIFICATION_MESSAGES.bancoReferenciaRequeridos)
    .max(80, MSG.textoMuyLargo(80)),
  referencia: z
    .string(VERIFICATION_MESSAGES.bancoReferenciaRequeridos)
    .trim()
    .min(1, VERIFICATION_MESSAGES.bancoReferenciaRequeridos)
    .max(40, MSG.textoMuyLargo(40)),
});
export type RepeatedReferenceQuery = z.output<typeof repeatedReferenceQuerySchema>;

export const repeatedReferenceSchema = z.object({ repetida: z.boolean() });
export type RepeatedReference = z.infer<typeof repeatedReferenceSchema>;

/** The normal form of a bank or reference for 'referencia repetida': trimmed, lower case. */
export function normalizeReference(value: string): string {
  return value.trim().toLowerCase();
}

/** The concept of a payment as the queue and the e-mail name it. */
export function paymentConcept(payment: {
  tipo: string;
  nro_cuota: number | null;
  numero_solicitud: string;
  numero_contrato: string | null;
}): string {
  const document = payment.numero_contrato
    ? `del contrato ${payment.numero_contrato}`
    : `de la solicitud ${payment.numero_solicitud}`;
  if (payment.tipo === 'cuota') return `Cuota ${payment.nro_cuota ?? ''} ${document}`.replace('  ', ' ');
  if (payment.tipo === 'contado') return `Pago de contado ${document}`;
  return `Pago inicial ${document}`;
}
