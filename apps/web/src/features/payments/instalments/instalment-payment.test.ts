// @vitest-environment node
// Pure logic: no DOM to build.
import { PAYMENT_MESSAGES } from '@camposanto/domain';
import { describe, expect, it } from 'vitest';
import {
  amountMismatch,
  chooseType,
  chooseVesMethod,
  EMPTY_DRAFT,
  missingRequirement,
  type InstalmentPaymentDraft,
} from './instalment-payment';

const terms = { instalment: 53_320, rate: 36.5 }; // $533.20 at 36.50 Bs./USD
const receipt = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

function draft(overrides: Partial<InstalmentPaymentDraft>): InstalmentPaymentDraft {
  return { ...EMPTY_DRAFT, ...overrides };
}

describe('instalment payment type', () => {
  it('USD sets the VES amount to 0.00 and the USD amount to the instalment', () => {
    const next = chooseType(draft({ vesAmount: '19461.80' }), 'USD', terms);
    expect(next).toMatchObject({ paymentType: 'USD', usdAmount: '533.20', vesAmount: '0.00' });
  });

  it('VES sets the USD amount to 0 and the VES amount to instalment × rate', () => {
    const next = chooseType(draft({ paymentType: 'USD', usdAmount: '533.20' }), 'VES', terms);
    expect(next).toMatchObject({ paymentType: 'VES', usdAmount: '0', vesAmount: '19461.80' });
  });

  it('VES without a rate leaves the bolivars to be typed', () => {
    expect(chooseType(EMPTY_DRAFT, 'VES', { ...terms, rate: null }).vesAmount).toBe('');
  });

  it('Ambos leaves both amounts for the payer to split, keeping what else was filled', () => {
    const usdReceipt = receipt('usd.pdf');
    const next = chooseType(
      draft({ paymentType: 'USD', usdAmount: '533.20', vesAmount: '0.00', usdReceipt }),
      'Ambos',
      terms,
    );
    expect(next).toMatchObject({
      paymentType: 'Ambos',
      usdAmount: '',
      vesAmount: '',
      usdReceipt,
    });
  });

  it('changing the VES method clears bank, reference and proof', () => {
    const next = chooseVesMethod(
      draft({
        paymentType: 'VES',
        vesMethod: 'transferencia',
        issuingBank: 'Banesco',
        reference: '123',
        vesReceipt: receipt('t.pdf'),
      }),
      'pago_movil',
    );
    expect(next).toMatchObject({
      vesMethod: 'pago_movil',
      issuingBank: '',
      reference: '',
      vesReceipt: null,
    });
  });
});

describe('instalment payment completeness', () => {
  it('is incomplete without a type, and says nothing yet', () => {
    expect(missingRequirement(EMPTY_DRAFT, terms)).toEqual({ isComplete: false });
  });

  it('USD needs its amount and the USD receipt', () => {
    const usd = chooseType(EMPTY_DRAFT, 'USD', terms);
    expect(missingRequirement(usd, terms)).toEqual({
      isComplete: false,
      hint: PAYMENT_MESSAGES.comprobanteUsd,
    });
    expect(missingRequirement({ ...usd, usdReceipt: receipt('u.pdf') }, terms)).toEqual({
      isComplete: true,
    });
  });

  it('a transfer needs bank, transfer number and proof; pago móvil names its own proof', () => {
    const ves = chooseVesMethod(chooseType(EMPTY_DRAFT, 'VES', terms), 'transferencia');
    expect(missingRequirement({ ...ves, issuingBank: 'Banesco', reference: '77' }, terms).hint).toBe(
      PAYMENT_MESSAGES.comprobanteTransferencia,
    );
    const movil = chooseVesMethod(ves, 'pago_movil');
    expect(missingRequirement(movil, terms).hint).toBe(PAYMENT_MESSAGES.comprobantePagoMovil);
    const complete = { ...movil, issuingBank: 'Banesco', reference: '77', vesReceipt: receipt('m.pdf') };
    expect(missingRequirement(complete, terms)).toEqual({ isComplete: true });
  });

  it('bolivars cannot be reported without a rate', () => {
    const ves = draft({
      paymentType: 'VES',
      vesAmount: '100',
      vesMethod: 'transferencia',
      issuingBank: 'Banesco',
      reference: '1',
      vesReceipt: receipt('v.pdf'),
    });
    expect(missingRequirement(ves, { rate: null }).hint).toBe(PAYMENT_MESSAGES.sinTasa);
  });
});

describe('instalment payment amount (SPEC §9 tolerance 0.01)', () => {
  const ambos = (usdAmount: string, vesAmount: string) =>
    draft({ paymentType: 'Ambos', usdAmount, vesAmount });

  it('accepts USD plus VES ÷ rate equal to the instalment', () => {
    // $266.60 + 9730.90 Bs. ÷ 36.5 = $266.60 + $266.60
    expect(amountMismatch(ambos('266.60', '9730.90'), terms)).toBeUndefined();
  });

  it('accepts a difference of one cent either way', () => {
    expect(amountMismatch(ambos('266.61', '9730.90'), terms)).toBeUndefined();
    expect(amountMismatch(ambos('266.59', '9730.90'), terms)).toBeUndefined();
  });

  it('refuses two cents off with the SPEC message', () => {
    expect(amountMismatch(ambos('266.62', '9730.90'), terms)).toBe(PAYMENT_MESSAGES.montoNoCoincide);
    expect(amountMismatch(ambos('200', '9730.90'), terms)).toBe(PAYMENT_MESSAGES.montoNoCoincide);
  });

  it('the amounts USD and VES preset are exact', () => {
    expect(amountMismatch(chooseType(EMPTY_DRAFT, 'USD', terms), terms)).toBeUndefined();
    expect(amountMismatch(chooseType(EMPTY_DRAFT, 'VES', terms), terms)).toBeUndefined();
  });

  it('a payment in one currency must equal the instalment exactly: the 0.01 is for Ambos only', () => {
    const usd = (usdAmount: string) => draft({ paymentType: 'USD', usdAmount });
    const ves = (vesAmount: string) => draft({ paymentType: 'VES', vesAmount });
    expect(amountMismatch(usd('533.19'), terms)).toBe(PAYMENT_MESSAGES.montoNoCoincide);
    expect(amountMismatch(usd('533.21'), terms)).toBe(PAYMENT_MESSAGES.montoNoCoincide);
    expect(amountMismatch(usd('533.20'), terms)).toBeUndefined();
    // 533.20 × 36.5 = 19,461.80 Bs.
    expect(amountMismatch(ves('19461.79'), terms)).toBe(PAYMENT_MESSAGES.montoNoCoincide);
    expect(amountMismatch(ves('19461.80'), terms)).toBeUndefined();
  });

  it('an amount that is not a number never matches', () => {
    expect(amountMismatch(ambos('abc', '9730.90'), terms)).toBe(PAYMENT_MESSAGES.montoNoCoincide);
  });

  it('reads a decimal comma as typed in Spanish', () => {
    expect(amountMismatch(ambos('266,60', '9730,90'), terms)).toBeUndefined();
  });
});
