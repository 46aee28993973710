import { describe, expect, it } from 'vitest';
import { PRICING_MESSAGES, quote, type PlanPrices } from './pricing';
import { repriceLine, repriceRequest, type PricedLine } from './repricing';

// Cremación Básica of the seed: de_contado 900, financiado 1,080, cuota_2 1,123.20, cuota_3 1,166.40.
const cremacion: PlanPrices = {
  de_contado: 900,
  de_contado_bcv: 950,
  financiado: 1080,
  cuota_2: 1123.2,
  cuota_3: 1166.4,
};
const withPrices = (line: ReturnType<typeof quote>): PricedLine => ({
  ...line,
  preciosContado: { USD: 90_000, VES: 95_000 },
});

describe('issue 10 defect 1: a financed line leaves a balance of at least 0.01', () => {
  it('refuses a USD initial equal to the financed total (it was saved with Monto por Cuota 0.00)', () => {
    expect(() =>
      quote({ plan: cremacion, modalidad: 'Financiado', metodo: 'USD', cuotas: 2, pagoInicial: 112_320 }),
    ).toThrow(PRICING_MESSAGES.inicialExcede);
  });

  it('refuses an initial of 1,000 USD on 1,166.40: with its 200 discount it leaves −33.60', () => {
    expect(() =>
      quote({ plan: cremacion, modalidad: 'Financiado', metodo: 'USD', cuotas: 3, pagoInicial: 100_000 }),
    ).toThrow(PRICING_MESSAGES.inicialExcede);
  });

  it('accepts the largest initial that leaves one cent, in VES and in USD', () => {
    const ves = quote({
      plan: cremacion,
      modalidad: 'Financiado',
      metodo: 'VES',
      cuotas: 3,
      pagoInicial: 116_639,
    });
    expect(ves).toMatchObject({ saldo: 1, descuento: 0 });
    // 97,199 + 20 % (19,440) = 116,639: one cent left.
    const usd = quote({
      plan: cremacion,
      modalidad: 'Financiado',
      metodo: 'USD',
      cuotas: 3,
      pagoInicial: 97_199,
    });
    expect(usd).toMatchObject({ saldo: 1, descuento: 19_440 });
    expect(() =>
      quote({ plan: cremacion, modalidad: 'Financiado', metodo: 'VES', cuotas: 3, pagoInicial: 116_640 }),
    ).toThrow(PRICING_MESSAGES.inicialExcede);
  });
});

describe('issue 10 defect 2: the discount belongs to the currency paid', () => {
  it('a cash USD line (720 after its 180 discount) paid in VES costs the VES list price, no discount', () => {
    const usd = withPrices(quote({ plan: cremacion, modalidad: 'De Contado', metodo: 'USD' }));
    expect(usd).toMatchObject({ precioPlan: 90_000, descuento: 18_000, precioTotal: 72_000 });
    expect(repriceLine(usd, 'VES')).toMatchObject({
      metodo: 'VES',
      precioPlan: 95_000,
      descuento: 0,
      precioTotal: 95_000,
    });
  });

  it('a financed USD initial paid in VES loses its discount: the balance and the instalments grow', () => {
    const usd = withPrices(
      quote({ plan: cremacion, modalidad: 'Financiado', metodo: 'USD', cuotas: 3, pagoInicial: 50_000 }),
    );
    expect(usd).toMatchObject({ descuento: 10_000, saldo: 56_640, montoPorCuota: 28_320 });
    expect(repriceLine(usd, 'VES')).toMatchObject({
      metodo: 'VES',
      descuento: 0,
      pagoInicial: 50_000,
      saldo: 66_640,
      montoPorCuota: 33_320,
      precioTotal: 116_640,
    });
  });

  it('a VES initial paid in USD earns the discount, unless it would leave no balance', () => {
    const ves = withPrices(
      quote({ plan: cremacion, modalidad: 'Financiado', metodo: 'VES', cuotas: 3, pagoInicial: 50_000 }),
    );
    expect(repriceLine(ves, 'USD')).toMatchObject({ descuento: 10_000, saldo: 56_640 });
    const large = withPrices(
      quote({ plan: cremacion, modalidad: 'Financiado', metodo: 'VES', cuotas: 3, pagoInicial: 100_000 }),
    );
    expect(() => repriceLine(large, 'USD')).toThrow(PRICING_MESSAGES.inicialExcede);
  });

  it('a line without list prices (funeral service) keeps its amounts in either currency', () => {
    const funeral: PricedLine = {
      ...quote({ plan: cremacion, modalidad: 'De Contado', metodo: 'VES' }),
      preciosContado: null,
    };
    expect(repriceLine(funeral, 'USD')).toMatchObject({ metodo: 'USD', descuento: 0, precioTotal: 95_000 });
  });

  it('what is due now: the initial of a financed request, the whole of a cash one, 0 without initial', () => {
    const financed = withPrices(
      quote({ plan: cremacion, modalidad: 'Financiado', metodo: 'USD', cuotas: 2, pagoInicial: 0 }),
    );
    expect(repriceRequest([financed], 'Financiado', 'VES').dueNow).toBe(0);
    const cash = withPrices(quote({ plan: cremacion, modalidad: 'De Contado', metodo: 'USD' }));
    expect(repriceRequest([cash, cash], 'De Contado', 'USD')).toMatchObject({
      dueNow: 144_000,
      amounts: { precioPlan: 180_000, descuento: 36_000, montoTotal: 144_000 },
    });
  });
});
