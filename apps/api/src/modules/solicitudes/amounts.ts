import {
  centsToDecimal,
  fromCents,
  REQUEST_MESSAGES,
  toCents,
  type Cents,
  type Quote,
} from '@camposanto/domain';
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
