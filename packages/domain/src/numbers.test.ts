import { describe, expect, it } from 'vitest';
import { amountNumber, decimalNumber, idNumber, integerNumber, MAX_AMOUNT, MAX_ID } from './numbers';

// Issue 11 defect 9: ids and amounts accept only decimal numbers or decimal texts.

describe('decimalNumber', () => {
  it.each([
    [16, 16],
    ['16', 16],
    ['-2.5', -2.5],
    ['0', 0],
  ])('reads %j as %d', (input, expected) => {
    expect(decimalNumber().parse(input)).toBe(expected);
  });

  it.each(['0x10', '  42 ', '42 ', '1e3', '', '1,5', '+1', 'Infinity', 'NaN', true, false, null, [36], {}])(
    'refuses %j with the Spanish message',
    (input) => {
      const result = decimalNumber().safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Debe ser un número válido.');
    },
  );

  it('refuses numbers that are not finite', () => {
    expect(decimalNumber().safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(decimalNumber().safeParse(Number.NaN).success).toBe(false);
  });
});

describe('integerNumber and idNumber', () => {
  it('refuses a fraction', () => {
    expect(integerNumber().safeParse('1.5').success).toBe(false);
  });

  it.each([0, -1, MAX_ID + 1, '99999999999'])('idNumber refuses %j', (input) => {
    expect(idNumber('Indique la solicitud.').safeParse(input).error?.issues[0]?.message).toBe(
      'Indique la solicitud.',
    );
  });

  it('idNumber takes the largest database integer', () => {
    expect(idNumber().parse(String(MAX_ID))).toBe(MAX_ID);
  });
});

describe('amountNumber', () => {
  it.each([1e308, -1e308, MAX_AMOUNT + 1, '1000000000000'])('refuses %j as out of range', (input) => {
    expect(amountNumber().safeParse(input).error?.issues[0]?.message).toBe(
      'El importe supera el máximo permitido.',
    );
  });

  it('takes the largest stored amount', () => {
    expect(amountNumber().parse(MAX_AMOUNT)).toBe(MAX_AMOUNT);
    expect(amountNumber().parse('-999999999999.99')).toBe(-MAX_AMOUNT);
  });
});
