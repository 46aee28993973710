import { z } from 'zod';
import { MSG } from './messages';

/** Ids are PostgreSQL integers: a larger one is refused (422) before it reaches the database (500). */
export const MAX_ID = 2_147_483_647;

/** The largest amount a numeric(14,2) column holds (DESIGN §3 Money). */
export const MAX_AMOUNT = 999_999_999_999.99;

export const NUMBER_MESSAGES = {
  importeFueraDeRango: 'El importe supera el máximo permitido.',
} as const;

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number as JSON sends it, or a plain decimal text as forms, query strings and multipart send it.
 * Unlike `z.coerce.number()`, hexadecimal ('0x10'), exponents ('1e3'), padded text (' 42 '), empty text,
 * booleans, arrays and null are refused: each used to be read as some other number.
 */
export function decimalNumber(message: string = MSG.numeroInvalido) {
  return z
    .union([z.number(message), z.string(message)], message)
    .refine((value) => typeof value === 'number' || DECIMAL_TEXT.test(value), message)
    .transform(Number)
    .pipe(z.number(message).finite(message));
}

/** A whole number written in decimal, e.g. a count or a page. */
export function integerNumber(message: string = MSG.numeroInvalido) {
  return decimalNumber(message).pipe(z.number().int(message));
}

/** The id of a row: a positive integer that fits the database's integer column. */
export function idNumber(message: string = MSG.numeroInvalido) {
  return integerNumber(message).pipe(z.number().positive(message).max(MAX_ID, message));
}

/** An amount of money within what the database stores, so that no sum or conversion overflows. */
export function amountNumber(message: string = MSG.numeroInvalido) {
  return decimalNumber(message).pipe(
    z
      .number()
      .min(-MAX_AMOUNT, NUMBER_MESSAGES.importeFueraDeRango)
      .max(MAX_AMOUNT, NUMBER_MESSAGES.importeFueraDeRango),
  );
}
