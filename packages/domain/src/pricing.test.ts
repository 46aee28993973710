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

/** An example plan and its figures worked by hand (in dollars in the comments, in cents in the code). */
type WorkedPlan = {
  prices: PlanPrices;
  /** Cash: de_contado, its 20 % USD discount and what is left; and de_contado_bcv raised by 50, in VES. */
  cash: { precioPlan: number; descuento: number; precioTotal: number; bcvPlus50: number };
  /** The financed total of 1 … 6 cuotas: the cuota_n price. */
  financed: [number, number, number, number, number, number];
  /** The first instalment of 1 … 6 cuotas: the financed total over cuotas − 1 instalments (one for 1 cuota). */
  perInstalment: [number, number, number, number, number, number];
};

const SERVICES: Record<string, WorkedPlan> = {
  // de_contado 3,000, 20 % = 600, so 2,400; de_contado_bcv + 50 = 3,050.
  // financiado 3,600 × 1, 1.04, 1.08, 1.12, 1.16, 1.20 = 3,600, 3,744, 3,888, 4,032, 4,176, 4,320;
  // 1 … 6 cuotas are paid in 1, 1, 2, 3, 4, 5 instalments of 3,600, 3,744, 1,944, 1,344, 1,044, 864.
  parcelas: {
    prices: plan(3000, 3600),
    cash: { precioPlan: 300_000, descuento: 60_000, precioTotal: 240_000, bcvPlus50: 305_000 },
    financed: [360_000, 374_400, 388_800, 403_200, 417_600, 432_000],
    perInstalment: [360_000, 374_400, 194_400, 134_400, 104_400, 86_400],
  },
  // de_contado 900, 20 % = 180, so 720; de_contado_bcv + 50 = 950.
  // financiado 1,080 × 1, 1.04, 1.08, 1.12, 1.16, 1.20 = 1,080, 1,123.20, 1,166.40, 1,209.60, 1,252.80, 1,296;
  // 1 … 6 cuotas are paid in 1, 1, 2, 3, 4, 5 instalments of 1,080, 1,123.20, 583.20, 403.20, 313.20, 259.20.
  cremacion: {
    prices: plan(900, 1080),
    cash: { precioPlan: 90_000, descuento: 18_000, precioTotal: 72_000, bcvPlus50: 95_000 },
    financed: [108_000, 112_320, 116_640, 120_960, 125_280, 129_600],
    perInstalment: [108_000, 112_320, 58_320, 40_320, 31_320, 25_920],
  },
  // de_contado 600, 20 % = 120, so 480; de_contado_bcv + 50 = 650.
  // financiado 720 × 1, 1.04, 1.08, 1.12, 1.16, 1.20 = 720, 748.80, 777.60, 806.40, 835.20, 864;
  // 1 … 6 cuotas are paid in 1, 1, 2, 3, 4, 5 instalments of 720, 748.80, 388.80, 268.80, 208.80, 172.80.
  'honra-exequias': {
    prices: plan(600, 720),
    cash: { precioPlan: 60_000, descuento: 12_000, precioTotal: 48_000, bcvPlus50: 65_000 },
    financed: [72_000, 74_880, 77_760, 80_640, 83_520, 86_400],
    perInstalment: [72_000, 74_880, 38_880, 26_880, 20_880, 17_280],
  },
  // de_contado 500, 20 % = 100, so 400; de_contado_bcv + 50 = 550.
  // financiado 600 × 1, 1.04, 1.08, 1.12, 1.16, 1.20 = 600, 624, 648, 672, 696, 720;
  // 1 … 6 cuotas are paid in 1, 1, 2, 3, 4, 5 instalments of 600, 624, 324, 224, 174, 144.
  inhumacion: {
    prices: plan(500, 600),
    cash: { precioPlan: 50_000, descuento: 10_000, precioTotal: 40_000, bcvPlus50: 55_000 },
    financed: [60_000, 62_400, 64_800, 67_200, 69_600, 72_000],
    perInstalment: [60_000, 62_400, 32_400, 22_400, 17_400, 14_400],
  },
  // de_contado 1,800, 20 % = 360, so 1,440; de_contado_bcv + 50 = 1,850.
  // financiado 2,160 × 1, 1.04, 1.08, 1.12, 1.16, 1.20 = 2,160, 2,246.40, 2,332.80, 2,419.20, 2,505.60, 2,592;
  // 1 … 6 cuotas are paid in 1, 1, 2, 3, 4, 5 instalments of 2,160, 2,246.40, 1,166.40, 806.40, 626.40, 518.40.
  'nichos-ataud': {
    prices: plan(1800, 2160),
    cash: { precioPlan: 180_000, descuento: 36_000, precioTotal: 144_000, bcvPlus50: 185_000 },
    financed: [216_000, 224_640, 233_280, 241_920, 250_560, 259_200],
    perInstalment: [216_000, 224_640, 116_640, 80_640, 62_640, 51_840],
  },
  // de_contado 1,000, 20 % = 200, so 800; de_contado_bcv + 50 = 1,050.
  // financiado 1,200 × 1, 1.04, 1.08, 1.12, 1.16, 1.20 = 1,200, 1,248, 1,296, 1,344, 1,392, 1,440;
  // 1 … 6 cuotas are paid in 1, 1, 2, 3, 4, 5 instalments of 1,200, 1,248, 648, 448, 348, 288.
  'nichos-columbarios': {
    prices: plan(1000, 1200),
    cash: { precioPlan: 100_000, descuento: 20_000, precioTotal: 80_000, bcvPlus50: 105_000 },
    financed: [120_000, 124_800, 129_600, 134_400, 139_200, 144_000],
    perInstalment: [120_000, 124_800, 64_800, 44_800, 34_800, 28_800],
  },
  // de_contado 1,500, 20 % = 300, so 1,200; de_contado_bcv + 50 = 1,550.
  // financiado 1,800 × 1, 1.04, 1.08, 1.12, 1.16, 1.20 = 1,800, 1,872, 1,944, 2,016, 2,088, 2,160;
  // 1 … 6 cuotas are paid in 1, 1, 2, 3, 4, 5 instalments of 1,800, 1,872, 972, 672, 522, 432.
  'plan-funerario': {
    prices: plan(1500, 1800),
    cash: { precioPlan: 150_000, descuento: 30_000, precioTotal: 120_000, bcvPlus50: 155_000 },
    financed: [180_000, 187_200, 194_400, 201_600, 208_800, 216_000],
    perInstalment: [180_000, 187_200, 97_200, 67_200, 52_200, 43_200],
  },
  // de_contado 1,200, 20 % = 240, so 960; de_contado_bcv + 50 = 1,250.
  // financiado 1,440 × 1, 1.04, 1.08, 1.12, 1.16, 1.20 = 1,440, 1,497.60, 1,555.20, 1,612.80, 1,670.40, 1,728;
  // 1 … 6 cuotas are paid in 1, 1, 2, 3, 4, 5 instalments of 1,440, 1,497.60, 777.60, 537.60, 417.60, 345.60.
  previsivo: {
    prices: plan(1200, 1440),
    cash: { precioPlan: 120_000, descuento: 24_000, precioTotal: 96_000, bcvPlus50: 125_000 },
    financed: [144_000, 149_760, 155_520, 161_280, 167_040, 172_800],
    perInstalment: [144_000, 149_760, 77_760, 53_760, 41_760, 34_560],
  },
};

describe.each(Object.entries(SERVICES))(
  'pricing of %s',
  (_service, { prices, cash, financed, perInstalment }) => {
    it('cash in USD is de_contado minus 20 %', () => {
      const q = quote({ plan: prices, modalidad: 'De Contado', metodo: 'USD' });
      expect(q.precioPlan).toBe(cash.precioPlan);
      expect(q.descuento).toBe(cash.descuento);
      expect(q.precioTotal).toBe(cash.precioTotal);
      expect(q).toMatchObject({ cuotas: 0, saldo: 0, montoPorCuota: 0 });
    });

    it('cash in VES is de_contado_bcv without discount', () => {
      const q = quote({
        plan: { ...prices, de_contado_bcv: Number(prices.de_contado) + 50 },
        modalidad: 'De Contado',
        metodo: 'VES',
      });
      expect(q.descuento).toBe(0);
      expect(q.precioTotal).toBe(cash.bcvPlus50);
    });

    it.each([1, 2, 3, 4, 5, 6])('financed in %i cuotas without initial payment', (cuotas) => {
      const total = financed[cuotas - 1]!;
      const q = quote({ plan: prices, modalidad: 'Financiado', metodo: 'USD', cuotas });
      expect(q.precioFinanciado).toBe(total);
      expect(q.descuento).toBe(0);
      expect(q.saldo).toBe(total);
      expect(q.montoPorCuota).toBe(perInstalment[cuotas - 1]);
      expect(instalmentSchedule(q.saldo, cuotas).reduce((sum, amount) => sum + amount, 0)).toBe(total);
    });

    it.each([1, 2, 3, 4, 5, 6])(
      'financed in %i cuotas with a USD initial payment earns 20 %% of it',
      (cuotas) => {
        const total = financed[cuotas - 1]!;
        const initial = 10_000; // $100.00, so a discount of $20.00
        const q = quote({
          plan: prices,
          modalidad: 'Financiado',
          metodo: 'USD',
          cuotas,
          pagoInicial: initial,
        });
        expect(q.descuento).toBe(2_000);
        expect(q.saldo).toBe(total - 2_000 - 10_000);
        expect(q.precioTotal).toBe(total - 2_000);
      },
    );

    it('financed with a VES initial payment has no discount', () => {
      const q = quote({
        plan: prices,
        modalidad: 'Financiado',
        metodo: 'VES',
        cuotas: 3,
        pagoInicial: 10_000,
      });
      expect(q.descuento).toBe(0);
      expect(q.saldo).toBe(financed[2] - 10_000); // cuota_3 less the $100.00 initial
    });

    it('refuses an initial payment over the financed total', () => {
      const overTotal = financed[1] + 1; // one cent over cuota_2
      expect(() =>
        quote({ plan: prices, modalidad: 'Financiado', metodo: 'USD', cuotas: 2, pagoInicial: overTotal }),
      ).toThrow(PRICING_MESSAGES.inicialExcede);
    });
  },
);

describe('quote limits', () => {
  it.each([0, 7, 2.5])('refuses %s cuotas', (cuotas) => {
    expect(() =>
      quote({ plan: SERVICES.parcelas!.prices, modalidad: 'Financiado', metodo: 'USD', cuotas }),
    ).toThrow(PRICING_MESSAGES.cuotasInvalidas);
  });

  it('refuses a negative initial payment and a plan without a price', () => {
    expect(() =>
      quote({
        plan: SERVICES.parcelas!.prices,
        modalidad: 'Financiado',
        metodo: 'USD',
        cuotas: 2,
        pagoInicial: -1,
      }),
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
