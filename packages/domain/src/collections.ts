import { z } from 'zod';
import { MSG } from './messages';
import { idNumber, integerNumber } from './numbers';

// Issue 14 §2 Cobranza: the overdue instalments of the contracts, grouped by contract and aged in buckets, and the
// reminders e-mailed to the clients (docs/decisions/022-collections-and-reminders.md).

/** The aging buckets, oldest last, as the API names them (`tramo`). */
export const COLLECTION_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;
export type CollectionBucket = (typeof COLLECTION_BUCKETS)[number];

/** The screen's names of the buckets (issue 14: 1–30, 31–60, 61–90, más de 90). */
export const COLLECTION_BUCKET_LABELS: Readonly<Record<CollectionBucket, string>> = {
  '1-30': '1–30 días',
  '31-60': '31–60 días',
  '61-90': '61–90 días',
  '90+': 'Más de 90 días',
};

/** The last day of each bucket but the open one: 30, 60 and 90 days overdue (the server's SQL reads these). */
export const COLLECTION_BUCKET_LIMITS = [30, 60, 90] as const;

/**
 * The bucket of a debt `diasMora` days overdue: 1–30 → '1-30', 31–60 → '31-60', 61–90 → '61-90', more → '90+'.
 * An overdue instalment is at least one day late; a smaller count (a clock moved back) is taken as the first bucket.
 */
export function agingBucket(diasMora: number): CollectionBucket {
  if (diasMora <= COLLECTION_BUCKET_LIMITS[0]) return '1-30';
  if (diasMora <= COLLECTION_BUCKET_LIMITS[1]) return '31-60';
  if (diasMora <= COLLECTION_BUCKET_LIMITS[2]) return '61-90';
  return '90+';
}

export function isCollectionBucket(value: string): value is CollectionBucket {
  return (COLLECTION_BUCKETS as readonly string[]).includes(value);
}

export const COLLECTION_MESSAGES = {
  tramoInvalido: 'Tramo no válido: use 1-30, 31-60, 61-90 o 90+.',
  formatoInvalido: 'Formato no válido: use json o csv.',
  errorCargarCobranza: 'Error al cargar la cobranza.',
  sinDeudas: 'No hay cuotas vencidas para los filtros seleccionados.',
  clienteSinCorreo: 'El cliente no tiene correo electrónico registrado; no se puede enviar el recordatorio.',
  recordatorioEnviado: 'Recordatorio enviado al cliente.',
  errorEnviarRecordatorio: 'No se pudo enviar el recordatorio. Intente de nuevo más tarde.',
  sinRecordatorios: 'No se han enviado recordatorios para este contrato.',
  // The CSV's headers.
  csvContrato: 'Contrato',
  csvCliente: 'Cliente',
  csvTelefono: 'Teléfono',
  csvCorreo: 'Correo',
  csvVendedor: 'Vendedor',
  csvServicio: 'Servicio',
  csvCuotasVencidas: 'Cuotas vencidas',
  csvMontoVencido: 'Monto vencido (USD)',
  csvDiasMora: 'Días de mora',
  csvTramo: 'Tramo',
  csvTotal: 'Total vencido',
} as const;

const optionalId = z
  .union([z.literal(''), idNumber()], MSG.numeroInvalido)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * GET /api/v1/cobranza's query: an empty value is no filter; `page` is 1-based; `formato=csv` answers the CSV of
 * the whole filter instead of a page.
 */
export const collectionsQuerySchema = z.object({
  vendedor_id: optionalId,
  supervisor_id: optionalId,
  tramo: z
    .string(COLLECTION_MESSAGES.tramoInvalido)
    .refine((value) => value === '' || isCollectionBucket(value), COLLECTION_MESSAGES.tramoInvalido)
    .optional()
    .transform((value) => (value ? (value as CollectionBucket) : undefined)),
  servicio: z
    .string()
    .trim()
    .max(60, MSG.textoMuyLargo(60))
    .optional()
    .transform((value) => value || undefined),
  page: integerNumber().pipe(z.number().min(1).max(100_000)).default(1),
  per_page: integerNumber().pipe(z.number().min(1).max(500)).default(25),
  formato: z.enum(['', 'json', 'csv'], COLLECTION_MESSAGES.formatoInvalido).optional(),
});
type ParsedCollectionsQuery = z.output<typeof collectionsQuerySchema>;
/** The filters as the server reads them; a missing filter is no filter. */
export type CollectionsQuery = Partial<ParsedCollectionsQuery> &
  Pick<ParsedCollectionsQuery, 'page' | 'per_page'>;

/** One contract with overdue instalments. Amounts in USD, summed exactly by the server. */
export const collectionItemSchema = z.object({
  contrato_id: z.number().int(),
  numero_contrato: z.string(),
  cliente: z.string(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  vendedor: z.string(),
  servicio: z.string(),
  cuotas_vencidas: z.number().int(),
  monto_vencido: z.number(),
  /** Days from the oldest overdue instalment's due date to today's business date (America/Caracas). */
  dias_mora: z.number().int(),
  tramo: z.enum(COLLECTION_BUCKETS),
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;

/** The amount overdue in each bucket over the whole filter (every page). */
export const collectionTotalsSchema = z.object({
  '1-30': z.number(),
  '31-60': z.number(),
  '61-90': z.number(),
  '90+': z.number(),
});
export type CollectionTotals = z.infer<typeof collectionTotalsSchema>;

/** GET /api/v1/cobranza: one page of contracts, the count of every contract of the filter, and the bucket totals. */
export const collectionsResponseSchema = z.object({
  items: z.array(collectionItemSchema),
  total: z.number().int(),
  totales: collectionTotalsSchema,
});
export type CollectionsResponse = z.infer<typeof collectionsResponseSchema>;

export const REMINDER_TYPES = ['previo', 'vencida', 'manual'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

export const REMINDER_TYPE_LABELS: Readonly<Record<ReminderType, string>> = {
  previo: 'Aviso previo',
  vencida: 'Cuota vencida',
  manual: 'Manual',
};

export const collectionContractParamsSchema = z.object({ contratoId: idNumber() });

/** A reminder e-mailed to the client: `cuota_numero` is null for a manual one, `usuario` null for the job's. */
export const reminderSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(REMINDER_TYPES),
  cuota_numero: z.number().int().nullable(),
  destinatario: z.string(),
  usuario: z.string().nullable(),
  enviado_en: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** GET /api/v1/cobranza/{contratoId}/recordatorios: newest first. */
export const remindersResponseSchema = z.object({ items: z.array(reminderSchema) });
export type RemindersResponse = z.infer<typeof remindersResponseSchema>;
