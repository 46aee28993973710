import { z } from 'zod';
import { MSG } from './messages';

/** A required, trimmed text of at most `max` characters. */
export function requiredText(max: number) {
  return z.string(MSG.campoRequerido).trim().min(1, MSG.campoRequerido).max(max, MSG.textoMuyLargo(max));
}

/** An optional text: empty, missing or null all become null. */
export function optionalText(max: number) {
  return z
    .string(MSG.campoRequerido)
    .trim()
    .max(max, MSG.textoMuyLargo(max))
    .nullish()
    .transform((value) => (value ? value : null));
}

// SPEC §5: the simple e-mail pattern of the old forms.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailField = z
  .string(MSG.campoRequerido)
  .trim()
  .min(1, MSG.campoRequerido)
  .max(254, MSG.textoMuyLargo(254))
  .regex(EMAIL_PATTERN, MSG.emailInvalido)
  .transform((value) => value.toLowerCase());

// SPEC §9: phone max 10 digits.
export const optionalPhone = z
  .string(MSG.campoRequerido)
  .trim()
  .regex(/^\d{0,10}$/, MSG.telefonoInvalido)
  .nullish()
  .transform((value) => (value ? value : null));

export const passwordField = z
  .string(MSG.campoRequerido)
  .min(8, MSG.passwordCorta)
  .max(128, MSG.textoMuyLargo(128));

/** A calendar date `YYYY-MM-DD` that exists. */
export const isoDate = z.string(MSG.fechaInvalida).refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, MSG.fechaInvalida);
