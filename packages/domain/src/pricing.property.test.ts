import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instalmentAmountMatches, toBolivares } from './payments';
import { percentOf } from './money';
import {
  instalmentSchedule,
  MAX_CUOTAS,
  PricingError,
  quote,
  USD_DISCOUNT_BASIS_POINTS,
  type PlanPrices,
  type Quote,
} from './pricing';
import { repriceLine, repriceRequest, repriceRequestIfPossible, type PricedLine } from './repricing';

// DESIGN §4.2 and §4.12 as properties: for any plan, modality, currency, cuotas and initial, what the rule
// prices is never negative, its parts add up to the whole, and a financed line always leaves instalments.
// Issue 10 asks for at least 1,000 generated cases per property.
const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000) };

const price = fc.integer({ min: 1, max: 5_000_000_00 }); // up to five million dollars, in cents
const decimal = (cents: number) => (cents / 100).toFixed(2);

const planArb: fc.Arbitrary<PlanPrices> = fc
  .record({
    contado: price,
    bcv: price,
    financiado: price,
    cuotas: fc.array(price, { minLength: 6, maxLength: 6 }),
  })
  .map(({ contado, bcv, financiado, cuotas }) => ({
    de_contado: decimal(contado),
    de_contado_bcv: decimal(bcv),
    financiado: decimal(financiado),
    cuota_1: decimal(cuotas[0]!),
    cuota_2: decimal(cuotas[1]!),
    cuota_3: decimal(cuotas[2]!),
    cuota_4: decimal(cuotas[3]!),
    cuota_5: decimal(cuotas[4]!),
    cuota_6: decimal(cuotas[5]!),
  }));

const metodoArb = fc.constantFrom('USD' as const, 'VES' as const);
const inputArb = fc.record({
  plan: planArb,
  modalidad: fc.constantFrom('De Contado' as const, 'Financiado' as const),
  metodo: metodoArb,
  cuotas: fc.integer({ min: 1, max: MAX_CUOTAS }),
  // Often beyond the financed total, so the refusal is exercised as much as the acceptance.
  pagoInicial: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6_000_000_00 })),
});

/** The invariants every priced line keeps (DESIGN §4.12). */
function expectSound(q: Quote) {
  for (const amount of [q.precioPlan, q.descuento, q.pagoInicial, q.saldo, q.montoPorCuota, q.precioTotal])
    expect(amount).toBeGreaterThanOrEqual(0);
  expect(Number.isInteger(q.precioTotal)).toBe(true);
  if (q.metodo === 'VES') expect(q.descuento).toBe(0);
  if (q.modalidad === 'De Contado') {
    expect(q.descuento + q.precioTotal).toBe(q.precioPlan);
    return;
  }
  // total = discount + paid now + outstanding; something is always left for the instalments.
  expect(q.descuento + q.pagoInicial + q.saldo).toBe(q.precioFinanciado);
  expect(q.saldo).toBeGreaterThanOrEqual(1);
  const schedule = instalmentSchedule(q.saldo, q.cuotas);
  expect(schedule).toHaveLength(Math.max(q.cuotas - 1, 1));
  expect(schedule.reduce((sum, amount) => sum + amount, 0)).toBe(q.saldo);
  expect(Math.min(...schedule)).toBeGreaterThanOrEqual(0);
}

function quoteOrRefusal(input: Parameters<typeof quote>[0]) {
  try {
    return quote(input);
  } catch (error) {
    if (error instanceof PricingError) return error;
    throw error;
  }
}

/** The lines a request of these inputs would store (one modality, the refused ones left out). */
function requestLinesOf(inputs: Parameters<typeof quote>[0][]): PricedLine[] {
  return inputs
    .map((input) => ({ ...input, modalidad: inputs[0]!.modalidad }))
    .map(quoteOrRefusal)
    .filter((q): q is Quote => !(q instanceof PricingError))
    .map((q) => ({ ...q, preciosContado: { USD: q.precioPlan, VES: q.precioPlan } }));
}

describe('pricing properties (fast-check)', () => {
  it('every accepted line is sound, and a refusal is only ever the initial-payment rule', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = quoteOrRefusal(input);
        if (result instanceof PricingError) {
          expect(input.modalidad).toBe('Financiado');
          expect(result.code).toBe('inicialExcede');
          const total = Math.round(Number(input.plan[`cuota_${input.cuotas}` as keyof PlanPrices]) * 100);
          const discount =
            input.metodo === 'USD' ? percentOf(input.pagoInicial, USD_DISCOUNT_BASIS_POINTS) : 0;
          expect(input.pagoInicial + discount).toBeGreaterThan(total - 1);
          return;
        }
        expectSound(result);
      }),
      RUNS,
    );
  });

  it('a line paid in the other currency is priced again soundly, and back again gives the original', () => {
    fc.assert(
      fc.property(inputArb, metodoArb, (input, paidIn) => {
        const original = quoteOrRefusal(input);
        if (original instanceof PricingError) return;
        const line: PricedLine = {
          ...original,
          preciosContado: {
            USD: Math.round(Number(input.plan.de_contado) * 100),
            VES: Math.round(Number(input.plan.de_contado_bcv) * 100),
          },
        };
        let repriced: Quote;
        try {
          repriced = repriceLine(line, paidIn);
        } catch (error) {
          // Only a VES line paid in USD can fail: the new discount may leave no balance.
          expect(error).toBeInstanceOf(PricingError);
          expect([original.metodo, paidIn]).toEqual(['VES', 'USD']);
          return;
        }
        expectSound(repriced);
        expect(repriced.metodo).toBe(paidIn);
        // The financed total and the initial never change with the currency: only the discount does.
        expect(repriced.precioFinanciado).toBe(original.precioFinanciado);
        expect(repriced.pagoInicial).toBe(original.pagoInicial);
        const back = repriceLine({ ...repriced, preciosContado: line.preciosContado }, original.metodo);
        expect(back).toMatchObject(original);
      }),
      RUNS,
    );
  });

  it('a request priced in one currency adds up its lines, and what is due now is never negative', () => {
    fc.assert(
      fc.property(fc.array(inputArb, { minLength: 1, maxLength: 4 }), metodoArb, (inputs, paidIn) => {
        const lines = requestLinesOf(inputs);
        if (lines.length === 0) return;
        try {
          const { amounts, dueNow, quotes } = repriceRequest(lines, lines[0]!.modalidad, paidIn);
          expect(amounts.montoTotal).toBe(quotes.reduce((sum, q) => sum + q.precioTotal, 0));
          expect(amounts.precioPlan).toBe(amounts.descuento + amounts.montoTotal);
          expect(dueNow).toBeGreaterThanOrEqual(0);
          expect(dueNow).toBeLessThanOrEqual(amounts.montoTotal);
        } catch (error) {
          expect(error).toBeInstanceOf(PricingError);
        }
      }),
      RUNS,
    );
  });

  it('an instalment paid in one currency must be exact; mixed within one cent', () => {
    const rateArb = fc.integer({ min: 1, max: 100_000_000 }).map((n) => n / 10_000); // 0.0001–10,000 Bs./USD
    fc.assert(
      fc.property(price, rateArb, fc.integer({ min: -3, max: 3 }), (due, rate, off) => {
        expect(instalmentAmountMatches({ tipo: 'USD', usd: due + off, ves: 0, rate, due })).toBe(off === 0);
        const ves = toBolivares(due, rate) + off;
        expect(instalmentAmountMatches({ tipo: 'VES', usd: 0, ves, rate, due })).toBe(off === 0);
        const half = Math.floor(due / 2);
        const mixed = instalmentAmountMatches({
          tipo: 'Ambos',
          usd: half + off,
          ves: toBolivares(due - half, rate),
          rate,
          due,
        });
        if (Math.abs(off) > 1 && rate >= 1) expect(mixed).toBe(false);
        // Below 1 Bs./USD a cent of bolívares is worth more than a cent of dollars: no exactness to ask for.
        if (off === 0 && rate >= 1) expect(mixed).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('repriceRequestIfPossible (issue 12: lists price both currencies without throwing)', () => {
  it('answers nothing exactly when repriceRequest refuses, and the same price otherwise', () => {
    fc.assert(
      fc.property(fc.array(inputArb, { minLength: 1, maxLength: 4 }), metodoArb, (inputs, paidIn) => {
        const lines = requestLinesOf(inputs);
        if (lines.length === 0) return;
        const modalidad = lines[0]!.modalidad;
        let thrown: unknown;
        let price;
        try {
          price = repriceRequest(lines, modalidad, paidIn);
        } catch (error) {
          thrown = error;
        }
        const possible = repriceRequestIfPossible(lines, modalidad, paidIn);
        if (thrown) {
          expect(thrown).toBeInstanceOf(PricingError);
          expect(possible).toBeUndefined();
        } else {
          expect(possible).toEqual(price);
        }
      }),
      RUNS,
    );
  });
});
