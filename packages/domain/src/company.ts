import { z } from 'zod';
import { EMAIL_PATTERN, requiredText } from './fields';
import { MSG } from './messages';
import { idNumber, integerNumber } from './numbers';
import { relativeSchema, requestLineSchema, REQUEST_MESSAGES } from './requests';

// Issue 14 §1: the company's letterhead (name, RIF, address, phones, e-mail, logo, contract clauses) kept in the
// one-row `empresa` table, edited on /administracion/configuracion and printed on every PDF and e-mail
// (docs/decisions/021-pdf-documents.md).

export const COMPANY_MESSAGES = {
  empresaActualizada: 'Datos de la empresa actualizados.',
  errorEmpresa: 'Error al guardar los datos de la empresa.',
  errorCargarEmpresa: 'Error al cargar los datos de la empresa.',
  logoActualizado: 'Logo de la empresa actualizado.',
  logoEliminado: 'Logo de la empresa eliminado.',
  logoRequerido: 'Seleccione una imagen PNG o JPEG para el logo.',
  logoTipoInvalido: 'El logo debe ser una imagen PNG o JPEG.',
  logoDemasiadoGrande: 'El logo supera el tamaño máximo permitido (2 MB).',
  sinLogo: 'La empresa no tiene logo.',
  rifEmpresaInvalido: 'El RIF debe tener una letra (V, E, J, P o G) y 9 dígitos, p. ej. J-12345678-9.',
  diasRecordatorioRango: 'Los días de aviso deben estar entre 0 y 60.',
  // PDFs
  contratoNoEncontrado: 'Contrato no encontrado.',
  pagoNoEncontrado: 'Pago no encontrado.',
  reciboPagoRechazado: 'El pago fue rechazado en la verificación: no tiene recibo.',
  presupuestoSinPrecio: 'No se pudo calcular el presupuesto con los datos del formulario.',
} as const;

/** Issue 14: the logo is a PNG or JPEG of at most 2 MB (pdfkit embeds both formats as they are). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const DIAS_RECORDATORIO_MAX = 60;

const RIF_PATTERN = /^([VEJPG])-?(\d{8})-?(\d)$/i;

/** An empty text or a RIF written as J-12345678-9 (normalised to that shape). */
const companyRif = z
  .string(MSG.campoRequerido)
  .trim()
  .max(20, MSG.textoMuyLargo(20))
  .refine(
    (value) => value === '' || RIF_PATTERN.test(value.replace(/\s/g, '')),
    COMPANY_MESSAGES.rifEmpresaInvalido,
  )
  .transform((value) => {
    if (value === '') return '';
    const [, letter, body, check] = RIF_PATTERN.exec(value.replace(/\s/g, ''))!;
    return `${letter!.toUpperCase()}-${body}-${check}`;
  });

const optionalEmpty = (max: number) =>
  z
    .string(MSG.campoRequerido)
    .trim()
    .max(max, MSG.textoMuyLargo(max))
    .nullish()
    .transform((value) => value ?? '');

const companyEmail = optionalEmpty(254)
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), MSG.emailInvalido)
  .transform((value) => value.toLowerCase());

/** PUT /api/v1/admin/empresa. The logo is changed apart (POST/DELETE …/empresa/logo). */
export const companySettingsInputSchema = z.object({
  nombre: requiredText(160),
  rif: companyRif,
  direccion: optionalEmpty(300),
  /** Free text: one or more phone numbers as the letterhead prints them ("0212-5551234 / 0414-1234567"). */
  telefonos: optionalEmpty(120),
  email: companyEmail,
  /** The contract's clauses, printed as written (paragraphs separated by blank lines). */
  clausulas: optionalEmpty(20_000),
  /** Days before a due date the reminder job writes to the client (0 = no early reminder). */
  dias_recordatorio: integerNumber().pipe(
    z
      .number()
      .min(0, COMPANY_MESSAGES.diasRecordatorioRango)
      .max(DIAS_RECORDATORIO_MAX, COMPANY_MESSAGES.diasRecordatorioRango),
  ),
});
export type CompanySettingsInput = z.input<typeof companySettingsInputSchema>;
export type CompanySettingsValues = z.output<typeof companySettingsInputSchema>;

/** GET /api/v1/admin/empresa (and the answer of PUT and of the logo routes). */
export const companySettingsSchema = z.object({
  nombre: z.string(),
  rif: z.string(),
  direccion: z.string(),
  telefonos: z.string(),
  email: z.string(),
  clausulas: z.string(),
  dias_recordatorio: z.number().int(),
  /** The logo, when there is one: GET /api/v1/admin/empresa/logo downloads it. */
  logo: z
    .object({
      id: z.string(),
      nombre: z.string(),
      tipo: z.string(),
      tamano: z.number().int(),
      url: z.string(),
    })
    .nullable(),
  updated_at: z.string().nullable(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/**
 * POST /api/v1/pdf/presupuesto: the request form's body before it is saved, as POST /api/v1/solicitudes takes it
 * (its `detalles` are the same request lines); the client is optional (a quote may be printed for a walk-in).
 * The server prices every line with the domain's pricing; the amounts sent are ignored.
 */
export const quoteRequestSchema = z.object({
  cliente_id: idNumber(REQUEST_MESSAGES.clienteRequerido).optional().nullable(),
  tipo_servicio: z
    .string(REQUEST_MESSAGES.planYModalidad)
    .trim()
    .min(1, REQUEST_MESSAGES.planYModalidad)
    .max(60),
  descripcion: z.string().trim().max(300).optional().nullable(),
  modalidadPago: z.enum(['De Contado', 'Financiado'], REQUEST_MESSAGES.planYModalidad),
  detalles: z.array(requestLineSchema).min(1, REQUEST_MESSAGES.sinDetalles).max(20),
  /** `tipo_servicio: 'previsivo'` only: the relatives whose rates add to the plan's price (one line, financed). */
  familiares: z.array(relativeSchema).max(10).optional(),
  /**
   * The funeral (wake-room) form: its plan and extras, as POST /api/v1/solicitudes/funeral takes them; when
   * `plan_funerario_id` is given the quote is that cash service and `detalles` is not priced.
   */
  plan_funerario_id: idNumber(REQUEST_MESSAGES.planFunerarioNoDisponible).optional(),
  traslado: z.boolean().default(false),
  incluye_preparacion: z.boolean().default(false),
  incluye_ataud: z.boolean().default(false),
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** Issue 14: a quote is valid 3 days from the day it is printed. */
export const QUOTE_VALID_DAYS = 3;
