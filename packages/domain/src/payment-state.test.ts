import { describe, expect, it } from 'vitest';
import { normalizeReference, paymentConcept } from './payment-verification';
import { paymentOwnState, requestPaymentState } from './payment-state';

describe("a payment's own state", () => {
  it('is the state of the instalment an instalment payment paid', () => {
    expect(paymentOwnState({ tipo: 'cuota', estadoCuota: 'pagado' })).toBe('pagado');
  });

  it('is the initial paid for an initial payment, and paid for a cash payment', () => {
    expect(paymentOwnState({ tipo: 'inicial', estadoCuota: null })).toBe('inicial_pagada');
    expect(paymentOwnState({ tipo: 'contado', estadoCuota: null })).toBe('pagado');
  });

  it('is pending for a rejected payment (issue 14 §3: it paid nothing)', () => {
    for (const tipo of ['inicial', 'contado', 'cuota'])
      expect(paymentOwnState({ tipo, estadoCuota: 'pendiente', estadoVerificacion: 'rechazado' })).toBe(
        'pendiente',
      );
  });
});

describe("a request's payment state from what stands on it (issue 14 §3)", () => {
  const financed = { modalidadPago: 'Financiado', nothingDueNow: false };

  it('is paid for a cash request while its payment stands, pending otherwise', () => {
    const cash = { modalidadPago: 'De Contado', nothingDueNow: false, instalments: [] };
    expect(requestPaymentState({ ...cash, hasRequestPayment: true })).toBe('pagado');
    expect(requestPaymentState({ ...cash, hasRequestPayment: false })).toBe('pendiente');
  });

  it('is inicial_pagada for a financed request with its initial paid and instalments left (or none yet)', () => {
    expect(requestPaymentState({ ...financed, hasRequestPayment: true, instalments: [] })).toBe(
      'inicial_pagada',
    );
    expect(
      requestPaymentState({ ...financed, hasRequestPayment: true, instalments: ['pagado', 'vencido'] }),
    ).toBe('inicial_pagada');
  });

  it('is paid once the initial is settled and every instalment is paid', () => {
    const allPaid = ['pagado', 'pagado'];
    expect(requestPaymentState({ ...financed, hasRequestPayment: true, instalments: allPaid })).toBe(
      'pagado',
    );
    expect(
      requestPaymentState({
        ...financed,
        nothingDueNow: true,
        hasRequestPayment: false,
        instalments: allPaid,
      }),
    ).toBe('pagado');
    // Its initial rejected: pending, whatever the instalments.
    expect(requestPaymentState({ ...financed, hasRequestPayment: false, instalments: allPaid })).toBe(
      'pendiente',
    );
  });
});

describe('payment verification helpers', () => {
  it('names the concept of a payment', () => {
    const base = { numero_solicitud: 'CRE000001', numero_contrato: null };
    expect(paymentConcept({ ...base, tipo: 'inicial', nro_cuota: null })).toBe(
      'Pago inicial de la solicitud CRE000001',
    );
    expect(paymentConcept({ ...base, tipo: 'contado', nro_cuota: null })).toBe(
      'Pago de contado de la solicitud CRE000001',
    );
    expect(paymentConcept({ ...base, numero_contrato: 'CON-000007', tipo: 'cuota', nro_cuota: 3 })).toBe(
      'Cuota 3 del contrato CON-000007',
    );
  });

  it('normalises a bank or reference: trimmed, lower case', () => {
    expect(normalizeReference('  Banesco ')).toBe('banesco');
    expect(normalizeReference('AbC-001')).toBe('abc-001');
  });
});
