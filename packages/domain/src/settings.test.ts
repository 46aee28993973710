import { describe, expect, it } from 'vitest';
import {
  rateProblem,
  receivingAccountInputSchema,
  setExchangeRateSchema,
  SETTINGS_MESSAGES,
} from './settings';

describe('rateProblem (issue 10: 0.01–10,000,000 with at most 4 decimals)', () => {
  it.each([0.01, 1, 36.5, 36.1234, 0.1 + 0.2, 1234.5678, 8_765_432.1234, 9_999_999.9999, 10_000_000])(
    'accepts %s',
    (rate) => {
      expect(rateProblem(rate)).toBeNull();
    },
  );

  it.each([0, -1, 0.009, 10_000_000.01, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s as out of bounds',
    (rate) => expect(rateProblem(rate)).toBe(SETTINGS_MESSAGES.tasaFueraDeRango),
  );

  it.each([36.12345, 0.01001, 9_999_999.99999])('refuses %s for its fifth decimal', (rate) => {
    expect(rateProblem(rate)).toBe(SETTINGS_MESSAGES.tasaDecimales);
  });
});

describe('receivingAccountInputSchema', () => {
  const valid = {
    banco: ' Banesco ',
    titular: 'Camposanto C.A.',
    numero_cuenta: '0134 0001.11-2222222222',
    rif: 'g 20000000 1',
    telefono_pago_movil: '0414 123 45 67',
  };

  it('keeps an account in its usual written form, active by default', () => {
    expect(receivingAccountInputSchema.parse(valid)).toEqual({
      banco: 'Banesco',
      titular: 'Camposanto C.A.',
      numero_cuenta: '0134-0001-11-2222222222',
      rif: 'G-20000000-1',
      telefono_pago_movil: '0414-1234567',
      activa: true,
    });
  });

  it.each([undefined, null, '', '  '])('takes %j as no pago móvil phone', (telefono) => {
    expect(
      receivingAccountInputSchema.parse({ ...valid, telefono_pago_movil: telefono }).telefono_pago_movil,
    ).toBeNull();
  });

  it.each([
    ['numero_cuenta', '0134-0001-11-222222222', SETTINGS_MESSAGES.numeroCuentaInvalido],
    ['rif', 'J-1234567-8', SETTINGS_MESSAGES.rifInvalido],
    ['telefono_pago_movil', '4141234567', SETTINGS_MESSAGES.telefonoPagoMovilInvalido],
  ])('refuses a wrong %s with its Spanish message', (field, value, message) => {
    const result = receivingAccountInputSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('setExchangeRateSchema (issue 11 #9: decimal numbers only)', () => {
  it.each([36.5, '36.5', '36'])('reads %j as a rate', (promedio) => {
    expect(setExchangeRateSchema.safeParse({ promedio }).success).toBe(true);
  });

  it.each(['0x10', ' 42 ', '1e3', true, [36], null, ''])('refuses %j', (promedio) => {
    expect(setExchangeRateSchema.safeParse({ promedio }).success).toBe(false);
  });
});
