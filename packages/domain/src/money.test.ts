import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatUsd, fromCents, percentOf, toCents } from './money';

describe('money', () => {
  it('parses decimals, decimal commas and numbers to exact cents', () => {
    expect(toCents('10.10')).toBe(1010);
    expect(toCents('10,5')).toBe(1050);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('-3.335')).toBe(-334);
    expect(toCents(null)).toBe(0);
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

  it('shows dollars with a $ prefix and thousands separators', () => {
    expect(formatUsd(1234567.5)).toBe('$1,234,567.50');
  });
});
