import type { Cents } from './money';
import {
  cashQuote,
  financedQuote,
  financedRefusal,
  type MetodoPago,
  type Modalidad,
  type Quote,
} from './pricing';

/** A stored request line, as much of it as pricing needs. */
export type PricedLine = Quote & {
  /**
   * The cash list price in each currency when the line was priced from a plan (de_contado and de_contado_bcv,
   * kept with the line when it was saved); null for lines that carry no currency discount (funeral services).
   */
  preciosContado: Record<MetodoPago, Cents> | null;
};

/**
 * DESIGN §4.12: the discount belongs to the currency paid. A line paid in another currency than the one it was
 * priced in is priced again in the currency paid: cash from that currency's list price, financed from the same
 * financed total with the discount of a USD initial only. Throws PricingError when a USD initial plus its
 * discount would leave no balance.
 */
export function repriceLine(line: PricedLine, metodo: MetodoPago): Quote {
  if (line.metodo === metodo) return line;
  if (line.modalidad === 'Financiado') {
    return financedQuote({
      precioFinanciado: line.precioFinanciado,
      cuotas: line.cuotas,
      pagoInicial: line.pagoInicial,
      metodo,
    });
  }
  if (!line.preciosContado) return { ...line, metodo };
  return cashQuote({ precioPlan: line.preciosContado[metodo], metodo });
}

/** The totals of a request: the sums of its lines, in cents. */
export type RequestAmounts = {
  precioPlan: Cents;
  descuento: Cents;
  precioConDescuento: Cents;
  montoTotal: Cents;
  pagoInicial: Cents;
  saldo: Cents;
};

export function requestAmounts(quotes: Quote[]): RequestAmounts {
  const sum = (pick: (q: Quote) => Cents) => quotes.reduce((total, q) => total + pick(q), 0);
  return {
    precioPlan: sum((q) => q.precioPlan),
    descuento: sum((q) => q.descuento),
    precioConDescuento: sum((q) => q.precioConDescuento),
    montoTotal: sum((q) => q.precioTotal),
    pagoInicial: sum((q) => q.pagoInicial),
    saldo: sum((q) => q.saldo),
  };
}

/**
 * SPEC §5 'Request payment report': what is due now, in USD cents — the initial payment of a financed request,
 * the whole price of a cash one. A financed request with no initial has nothing to report (issue 10 §9).
 */
export function amountDueNow(modalidad: Modalidad | string, amounts: RequestAmounts): Cents {
  return modalidad === 'Financiado' ? amounts.pagoInicial : amounts.montoTotal;
}

/** A request priced in one currency: its lines, totals and what is due now. */
export type RequestPrice = { quotes: Quote[]; amounts: RequestAmounts; dueNow: Cents };

/** Every line of a request priced in the currency paid (throws PricingError when that is impossible). */
export function repriceRequest(
  lines: PricedLine[],
  modalidad: Modalidad | string,
  metodo: MetodoPago,
): RequestPrice {
  const quotes = lines.map((line) => repriceLine(line, metodo));
  const amounts = requestAmounts(quotes);
  return { quotes, amounts, dueNow: amountDueNow(modalidad, amounts) };
}

/**
 * `repriceRequest`, or undefined where it would throw: only a financed line priced again in another currency can
 * break a rule (a USD initial whose discount leaves no balance).
 */
export function repriceRequestIfPossible(
  lines: PricedLine[],
  modalidad: Modalidad | string,
  metodo: MetodoPago,
): RequestPrice | undefined {
  const impossible = lines.some(
    (line) =>
      line.metodo !== metodo &&
      line.modalidad === 'Financiado' &&
      financedRefusal({ ...line, metodo }) !== undefined,
  );
  return impossible ? undefined : repriceRequest(lines, modalidad, metodo);
}
