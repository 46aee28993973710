import { describe, expect, it } from 'vitest';
import { paymentOwnState } from './payment-state';

describe("a payment's own state", () => {
  it('is the state of the instalment an instalment payment paid', () => {
    expect(paymentOwnState({ tipo: 'cuota', estadoCuota: 'pagado' })).toBe('pagado');
  });

  it('is the initial paid for an initial payment, and paid for a cash payment', () => {
    expect(paymentOwnState({ tipo: 'inicial', estadoCuota: null })).toBe('inicial_pagada');
    expect(paymentOwnState({ tipo: 'contado', estadoCuota: null })).toBe('pagado');
  });
});
