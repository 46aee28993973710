import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  formatAmount,
  formatBolivares,
  formatCsvAmount,
  formatRate,
  formatUsd,
  fromCents,
  percentOf,
  toCents,
  type Cents,
} from './money';

describe('money', () => {
  it('parses decimals, decimal commas and numbers to exact cents', () => {
    expect(toCents('10.10')).toBe(1010);
    expect(toCents('10,5')).toBe(1050);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('-3.335')).toBe(-334);
    expect(toCents(null)).toBe(0);
  });

  it('reads numeric(14,2) text as the general path does, sign and leading zeros included (property)', () => {
    const storedText = fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,13}$/), fc.stringMatching(/^\d\d$/))
      .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}.${fraction}`);
    fc.assert(
      fc.property(storedText, (text) => {
        // A space in front is trimmed by the general path only.
        expect(toCents(text)).toBe(toCents(` ${text}`));
      }),
      RUNS,
    );
  });

  it('refuses text that is not an amount', () => {
    expect(() => toCents('diez')).toThrow(RangeError);
  });

  it('formats cents back to numeric(14,2) text and numbers', () => {
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(fromCents(1999)).toBe(19.99);
  });

  it('takes 20 % of an amount to the cent', () => {
    expect(percentOf(toCents('99.99'), 2000)).toBe(2000);
  });
});

// Issue 10 §8: the Venezuelan format, read back strictly, so a wrong separator can never parse to the same cents.
const GROUPED = /^(-?)(\d{1,3}(?:\.\d{3})*),(\d{2})$/;
function readGrouped(text: string): Cents {
  const match = GROUPED.exec(text);
  if (!match) throw new Error(`No es un importe venezolano: ${text}`);
  const cents = Number(match[2]!.replaceAll('.', '')) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}
const readUsd = (text: string) => readGrouped(text.replace(/^(-?)\$ /, '$1'));
const readBolivares = (text: string) => readGrouped(text.replace(/ Bs\.$/, ''));
function readCsv(text: string): Cents {
  expect(text).toMatch(/^-?\d+,\d{2}$/);
  return toCents(text);
}

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000) };
// numeric(14,2), the widest amount the database stores, in cents.
const storedCents = fc.integer({ min: -(10 ** 14) + 1, max: 10 ** 14 - 1 });

describe('Venezuelan money format', () => {
  it('groups thousands with points and separates the cents with a comma', () => {
    expect(formatUsd(1234.56)).toBe('$ 1.234,56');
    expect(formatBolivares(712443)).toBe('712.443,00 Bs.');
    expect(formatAmount(1234567.5)).toBe('1.234.567,50');
    expect(formatUsd(0.5)).toBe('$ 0,50');
    expect(formatAmount(999)).toBe('999,00');
  });

  it('puts the sign of a negative amount before the currency, and never signs a zero', () => {
    expect(formatUsd(-33.6)).toBe('-$ 33,60');
    expect(formatBolivares(-1000)).toBe('-1.000,00 Bs.');
    expect(formatUsd(-0)).toBe('$ 0,00');
    expect(formatAmount(-0.004)).toBe('0,00');
    expect(formatCsvAmount(-0)).toBe('0,00');
  });

  it('rounds half away from zero to the cent, without float drift', () => {
    expect(formatUsd(1.005)).toBe('$ 1,01');
    expect(formatUsd(0.1 + 0.2)).toBe('$ 0,30');
    expect(formatBolivares(-2.675)).toBe('-2,68 Bs.');
    expect(formatAmount(1166.4 * 0.8)).toBe('933,12');
  });

  it('writes the largest stored amounts digit for digit', () => {
    expect(formatUsd(999_999_999_999.99)).toBe('$ 999.999.999.999,99');
    expect(formatCsvAmount(999_999_999_999.99)).toBe('999999999999,99');
  });

  it('shows a dash, not NaN, for what is not an amount', () => {
    expect(formatUsd(Number.NaN)).toBe('—');
    expect(formatBolivares(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatCsvAmount(Number.NaN)).toBe('');
  });

  it('writes CSV amounts with a decimal comma and no thousands separator, for a Spanish-locale Excel', () => {
    expect(formatCsvAmount(1234567.8)).toBe('1234567,80');
    expect(formatCsvAmount(-12.5)).toBe('-12,50');
  });

  it('writes a rate with the 2 to 4 decimals it is stored with', () => {
    expect(formatRate(36.5)).toBe('36,50 Bs.');
    expect(formatRate(36.5123)).toBe('36,5123 Bs.');
    expect(formatRate(36.512)).toBe('36,512 Bs.');
    expect(formatRate(1234567.25)).toBe('1.234.567,25 Bs.');
  });

  it('reads back every formatted amount as the same cents (property)', () => {
    fc.assert(
      fc.property(storedCents, (cents) => {
        const amount = fromCents(cents);
        expect(readUsd(formatUsd(amount))).toBe(cents);
        expect(readBolivares(formatBolivares(amount))).toBe(cents);
        expect(readGrouped(formatAmount(amount))).toBe(cents);
        expect(readCsv(formatCsvAmount(amount))).toBe(cents);
      }),
      RUNS,
    );
  });

  it('formats any amount as its rounded cents, so what is shown is what is stored (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        expect(readGrouped(formatAmount(amount))).toBe(toCents(amount) || 0);
      }),
      RUNS,
    );
  });
});
