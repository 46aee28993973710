import { describe, expect, it } from 'vitest';
import { funeralQuote, instalmentSchedule, PRICING_MESSAGES, quote, type PlanPrices } from './pricing';

// One example plan per service, with the seed's shape: contado, contado BCV, financiado and cuota_1..6.
const plan = (contado: number, financiado: number): PlanPrices => ({
  de_contado: contado,
  de_contado_bcv: contado,
  financiado,
  cuota_1: financiado,
  cuota_2: financiado * 1.04,
  cuota_3: financiado * 1.08,
  cuota_4: financiado * 1.12,
  cuota_5: financiado * 1.16,
  cuota_6: financiado * 1.2,
});

const SERVICES: Record<string, PlanPrices> = {
  parcelas: plan(3000, 3600),
  cremacion: plan(900, 1080),
  'honra-exequias': plan(600, 720),
  inhumacion: plan(500, 600),
  'nichos-ataud': plan(1800, 2160),
  'nichos-columbarios': plan(1000, 1200),
  'plan-funerario': plan(1500, 1800),
  previsivo: plan(1200, 1440),
};

describe.each(Object.entries(SERVICES))('pricing of %s', (_service, prices) => {
  const contado = Number(prices.de_contado) * 100;

  it('cash in USD is de_contado minus 20 %', () => {
    const q = quote({ plan: prices, modalidad: 'De Contado', metodo: 'USD' });
    expect(q.precioPlan).toBe(contado);
    expect(q.descuento).toBe(contado * 0.2);
    expect(q.precioTotal).toBe(contado * 0.8);
    expect(q).toMatchObject({ cuotas: 0, saldo: 0, montoPorCuota: 0 });
  });

  it('cash in VES is de_contado_bcv without discount', () => {
    const q = quote({
      plan: { ...prices, de_contado_bcv: Number(prices.de_contado) + 50 },
      modalidad: 'De Contado',
      metodo: 'VES',
    });
    expect(q.descuento).toBe(0);
    expect(q.precioTotal).toBe(contado + 5000);
  });

  it.each([1, 2, 3, 4, 5, 6])('financed in %i cuotas without initial payment', (cuotas) => {
    const total = Math.round(Number(prices[`cuota_${cuotas}` as keyof PlanPrices]) * 100);
    const q = quote({ plan: prices, modalidad: 'Financiado', metodo: 'USD', cuotas });
    expect(q.precioFinanciado).toBe(total);
    expect(q.descuento).toBe(0);
    expect(q.saldo).toBe(total);
    expect(q.montoPorCuota).toBe(cuotas === 1 ? total : Math.round(total / (cuotas - 1)));
    expect(instalmentSchedule(q.saldo, cuotas).reduce((sum, amount) => sum + amount, 0)).toBe(total);
  });

  it.each([1, 2, 3, 4, 5, 6])(
    'financed in %i cuotas with a USD initial payment earns 20 %% of it',
    (cuotas) => {
      const total = Math.round(Number(prices[`cuota_${cuotas}` as keyof PlanPrices]) * 100);
      const initial = 10_000; // $100.00
      const q = quote({ plan: prices, modalidad: 'Financiado', metodo: 'USD', cuotas, pagoInicial: initial });
      expect(q.descuento).toBe(2_000);
      expect(q.saldo).toBe(total - 2_000 - initial);
      expect(q.precioTotal).toBe(total - 2_000);
    },
  );

  it('financed with a VES initial payment has no discount', () => {
    const q = quote({ plan: prices, modalidad: 'Financiado', metodo: 'VES', cuotas: 3, pagoInicial: 10_000 });
    expect(q.descuento).toBe(0);
    expect(q.saldo).toBe(q.precioFinanciado - 10_000);
  });

  it('refuses an initial payment over the financed total', () => {
    const total = Math.round(Number(prices.cuota_2) * 100);
    expect(() =>
      quote({ plan: prices, modalidad: 'Financiado', metodo: 'USD', cuotas: 2, pagoInicial: total + 1 }),
    ).toThrow(PRICING_MESSAGES.inicialExcede);
  });
});

describe('quote limits', () => {
  it.each([0, 7, 2.5])('refuses %s cuotas', (cuotas) => {
    expect(() => quote({ plan: SERVICES.parcelas!, modalidad: 'Financiado', metodo: 'USD', cuotas })).toThrow(
      PRICING_MESSAGES.cuotasInvalidas,
    );
  });

  it('refuses a negative initial payment and a plan without a price', () => {
    expect(() =>
      quote({ plan: SERVICES.parcelas!, modalidad: 'Financiado', metodo: 'USD', cuotas: 2, pagoInicial: -1 }),
    ).toThrow(PRICING_MESSAGES.inicialNegativa);
    expect(() =>
      quote({
        plan: { de_contado: null, de_contado_bcv: null, financiado: null },
        modalidad: 'De Contado',
        metodo: 'USD',
      }),
    ).toThrow(PRICING_MESSAGES.sinPrecio);
  });

  it('falls back to financiado when the cuota_n price is missing, and adds extras before the rule', () => {
    const q = quote({
      plan: { de_contado: 100, de_contado_bcv: 100, financiado: 120 },
      modalidad: 'Financiado',
      metodo: 'USD',
      cuotas: 4,
      adicional: 3_000,
    });
    expect(q.precioFinanciado).toBe(15_000);
  });

  it('splits a balance that does not divide evenly to the cent', () => {
    expect(instalmentSchedule(100_00, 4)).toEqual([3333, 3333, 3334]);
    expect(instalmentSchedule(5_000, 1)).toEqual([5_000]);
  });

  it('never makes the last instalment negative when only a few cents are left', () => {
    expect(instalmentSchedule(3, 6)).toEqual([0, 0, 0, 0, 3]);
    expect(instalmentSchedule(7, 4)).toEqual([2, 2, 3]);
  });
});

describe('funeralQuote', () => {
  const sala = {
    precio_velacion: 720,
    precio_traslado: '120.00',
    preparacion_difunto_sencilla: 150,
    alquiler_ataud_sencillo: 200,
  };

  it('is the wake price alone when no extra is chosen', () => {
    expect(funeralQuote(sala, { traslado: false, preparacion: false, ataud: false })).toEqual({
      velacion: 72_000,
      traslado: 0,
      preparacion: 0,
      ataud: 0,
      total: 72_000,
    });
  });

  it('adds the transfer, the simple preparation and the simple coffin rental when chosen', () => {
    const q = funeralQuote(sala, { traslado: true, preparacion: true, ataud: true });
    expect(q).toMatchObject({ traslado: 12_000, preparacion: 15_000, ataud: 20_000 });
    expect(q.total).toBe(119_000);
  });

  it('refuses a plan without a wake price', () => {
    expect(() =>
      funeralQuote({ ...sala, precio_velacion: null }, { traslado: false, preparacion: false, ataud: false }),
    ).toThrow(PRICING_MESSAGES.sinPrecio);
  });
});
