import { z } from 'zod';
import { decimalNumber } from './numbers';
import { isoDate, requiredText } from './fields';
import { MSG } from './messages';

// Issue 10 'The office's settings': the exchange rate and the company's receiving accounts, kept in the
// database and edited on screen by administración (DESIGN §4.9, §4.13; docs/decisions/013).

export const SETTINGS_MESSAGES = {
  tasaFueraDeRango: 'La tasa debe estar entre 0,01 y 10.000.000 Bs. por dólar.',
  tasaDecimales: 'La tasa admite como máximo 4 decimales.',
  tasaActualizada: 'Tasa de cambio actualizada.',
  errorTasa: 'Error al actualizar la tasa de cambio.',
  errorHistorialTasa: 'Error al cargar el historial de la tasa.',
  sinHistorialTasa: 'No hay tasas registradas en estas fechas.',
  /** The one text of an inverted range, as every list says it. */
  rangoFechas: MSG.rangoFechasInvalido,
  sinTasaAdmin: 'No hay tasa de cambio registrada.',
  cuentaNoEncontrada: 'Cuenta receptora no encontrada.',
  cuentaDuplicada: 'Ya existe una cuenta receptora con ese número de cuenta.',
  sinCuentaActiva:
    'No hay una cuenta receptora activa para pagos en bolívares. Pida a administración que registre una.',
  sinCuentaActivaAdmin: 'No hay una cuenta receptora activa para pagos en bolívares.',
  cuentaAgregada: 'Cuenta receptora agregada.',
  cuentaActualizada: 'Cuenta receptora actualizada.',
  cuentaEliminada: 'Cuenta receptora eliminada.',
  errorCuenta: 'Error al guardar la cuenta receptora.',
  errorEliminarCuenta: 'Error al eliminar la cuenta receptora.',
  errorCuentas: 'Error al cargar las cuentas receptoras.',
  sinCuentas: 'No hay cuentas receptoras registradas.',
  confirmarEliminarCuenta:
    '¿Eliminar esta cuenta receptora? Los pagos ya registrados conservan su banco receptor.',
  numeroCuentaInvalido: 'El número de cuenta debe tener 20 dígitos.',
  rifInvalido: 'El RIF debe tener una letra (V, E, J, P o G) y 9 dígitos, p. ej. J-12345678-9.',
  telefonoPagoMovilInvalido: 'El teléfono de pago móvil debe tener 11 dígitos, p. ej. 0414-1234567.',
} as const;

// --- Exchange rate ---

export const RATE_MIN = 0.01;
export const RATE_MAX = 10_000_000;

/** Issue 10: a rate set by hand is 0.01–10,000,000 Bs./USD with at most 4 decimals (it is stored as numeric(14,4)). */
export function rateProblem(rate: number): string | null {
  if (!Number.isFinite(rate) || rate < RATE_MIN || rate > RATE_MAX) return SETTINGS_MESSAGES.tasaFueraDeRango;
  // Compared with its own 4-decimal rounding, relatively: binary floats of large rates are never exact.
  if (Math.abs(rate - Number(rate.toFixed(4))) > rate * 1e-12) return SETTINGS_MESSAGES.tasaDecimales;
  return null;
}

export const RATE_SOURCES = ['oficial', 'manual'] as const;

/** GET /api/v1/tasa-cambio; `usuario` (who set a manual rate) is an addition to SPEC §7's `promedio`. */
export const exchangeRateSchema = z.object({
  promedio: z.number().nullable(),
  fuente: z.enum(RATE_SOURCES).nullable(),
  fecha: z.string().nullable(),
  usuario: z.string().nullable(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const setExchangeRateSchema = z.object({
  // A decimal number or decimal text, never true, [36], '0x10' or padded text (issue 11 #9). The bounds are
  // a business rule (rateProblem), answered with a 400.
  promedio: decimalNumber('Debe ser un número válido.'),
});

/** The history's dates are business dates (Caracas); both are optional (the last 90 days). */
export const rateHistoryQuerySchema = z.object({
  desde: isoDate.optional(),
  hasta: isoDate.optional(),
});
export type RateHistoryQuery = z.infer<typeof rateHistoryQuerySchema>;

export const RATE_HISTORY_DEFAULT_DAYS = 90;

export const rateHistoryEntrySchema = z.object({
  fecha: z.string(),
  promedio: z.number(),
  fuente: z.enum(RATE_SOURCES),
  usuario: z.string().nullable(),
});
export type RateHistoryEntry = z.infer<typeof rateHistoryEntrySchema>;

// --- Receiving accounts ---

const digitsOf = (value: string) => value.replace(/[\s.-]/g, '');

// A Venezuelan account number has 20 digits, shown as bank-office-check-account: 0134-0000-00-0000000000.
const accountNumber = requiredText(40)
  .refine((value) => /^\d{20}$/.test(digitsOf(value)), SETTINGS_MESSAGES.numeroCuentaInvalido)
  .transform((value) => {
    const digits = digitsOf(value);
    return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 10)}-${digits.slice(10)}`;
  });

const RIF_PATTERN = /^([VEJPG])-?(\d{8})-?(\d)$/i;
const rif = requiredText(20)
  .refine((value) => RIF_PATTERN.test(value.replace(/\s/g, '')), SETTINGS_MESSAGES.rifInvalido)
  .transform((value) => {
    const [, letter, body, check] = RIF_PATTERN.exec(value.replace(/\s/g, ''))!;
    return `${letter!.toUpperCase()}-${body}-${check}`;
  });

// A pago móvil phone is a Venezuelan mobile number of 11 digits (0414-1234567); optional.
const pagoMovilPhone = z
  .string()
  .trim()
  .nullish()
  .refine((value) => !value || /^0\d{10}$/.test(digitsOf(value)), SETTINGS_MESSAGES.telefonoPagoMovilInvalido)
  .transform((value) => {
    if (!value) return null;
    const digits = digitsOf(value);
    return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  });

export const receivingAccountInputSchema = z.object({
  banco: requiredText(80),
  titular: requiredText(120),
  numero_cuenta: accountNumber,
  rif,
  telefono_pago_movil: pagoMovilPhone,
  activa: z.boolean().default(true),
});
export type ReceivingAccountValues = z.output<typeof receivingAccountInputSchema>;

export const receivingAccountSchema = z.object({
  id: z.number().int(),
  banco: z.string(),
  titular: z.string(),
  numero_cuenta: z.string(),
  rif: z.string(),
  telefono_pago_movil: z.string().nullable(),
  activa: z.boolean(),
  /** Seeded by `npm run demo`: not a real account. */
  es_demo: z.boolean(),
});
export type ReceivingAccount = z.infer<typeof receivingAccountSchema>;
