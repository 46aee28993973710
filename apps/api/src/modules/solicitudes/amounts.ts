import {
  centsToDecimal,
  fromCents,
  REQUEST_MESSAGES,
  toCents,
  type Cents,
  type MetodoPago,
  type Modalidad,
  type PricedLine,
  type Quote,
} from '@camposanto/domain';
import type { solicitudDetalles } from '../../db/schema';
import { badRequest } from '../../lib/app-error';

// SPEC §9 mixed payment tolerance, used for every amount a client sends.
const TOLERANCE_CENTS = 1;

/**
 * DESIGN §3 / issue: the server prices every line; amounts a client sends are only compared, and a request
 * whose amounts disagree with the rules is refused, so a tampered client cannot set its own price.
 */
export function assertSentAmountsMatch(
  sent: Record<string, number | undefined>,
  expected: Record<string, Cents>,
) {
  for (const [field, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    const cents = expected[field];
    if (cents === undefined) continue;
    if (Math.abs(toCents(value) - cents) > TOLERANCE_CENTS)
      throw badRequest(REQUEST_MESSAGES.montosNoCoinciden);
  }
}

/** The columns of a priced line (numeric(14,2) text). */
export function lineAmounts(q: Quote) {
  return {
    pagoInicial: centsToDecimal(q.pagoInicial),
    cuotas: q.cuotas,
    montoPorCuota: centsToDecimal(q.montoPorCuota),
    precioFinanciado: centsToDecimal(q.precioFinanciado),
    descuento: centsToDecimal(q.descuento),
    precioConDescuento: centsToDecimal(q.precioConDescuento),
    precioPlan: centsToDecimal(q.precioPlan),
    precioTotal: centsToDecimal(q.precioTotal),
  };
}

/** The request's totals are the sums of its lines. */
export function requestTotals(quotes: Quote[]) {
  const sum = (pick: (q: Quote) => Cents) => quotes.reduce((total, q) => total + pick(q), 0);
  return {
    precioPlan: centsToDecimal(sum((q) => q.precioPlan)),
    montoTotal: centsToDecimal(sum((q) => q.precioTotal)),
    descuento: centsToDecimal(sum((q) => q.descuento)),
    precioConDescuento: centsToDecimal(sum((q) => q.precioConDescuento)),
    montoTotalNumber: fromCents(sum((q) => q.precioTotal)),
  };
}

type StoredLine = typeof solicitudDetalles.$inferSelect;

/** The cash list prices kept with a line priced from a plan (DESIGN §4.12), as saved by createRequests. */
export function cashListPrices(plan: { deContado: string | null; deContadoBcv: string | null }) {
  return { USD: plan.deContado ?? '0', VES: plan.deContadoBcv ?? '0' };
}

/**
 * A stored line as the pricing rule sees it. Cash lines saved before their list prices were kept reprice from
 * their own list price; lines without a plan (funeral services) carry no currency discount.
 */
export function storedQuote(line: StoredLine): PricedLine {
  const kept = line.detallesAdicionales?.precios_contado as { USD?: string; VES?: string } | undefined;
  const preciosContado =
    line.modalidadPago !== 'De Contado' || line.planId === null
      ? null
      : kept?.USD && kept.VES
        ? { USD: toCents(kept.USD), VES: toCents(kept.VES) }
        : { USD: toCents(line.precioPlan), VES: toCents(line.precioPlan) };
  return {
    modalidad: line.modalidadPago as Modalidad,
    metodo: line.metodoPago as MetodoPago,
    precioPlan: toCents(line.precioPlan),
    descuento: toCents(line.descuento),
    precioConDescuento: toCents(line.precioConDescuento),
    pagoInicial: toCents(line.pagoInicial),
    saldo: line.modalidadPago === 'Financiado' ? toCents(line.precioTotal) - toCents(line.pagoInicial) : 0,
    cuotas: line.cuotas,
    montoPorCuota: toCents(line.montoPorCuota),
    precioFinanciado: toCents(line.precioFinanciado),
    precioTotal: toCents(line.precioTotal),
    preciosContado,
  };
}
