import { percentOf, toCents, type Cents } from './money';

// DESIGN §4.2: one pricing rule for every product (SPEC §9 Discount), in exact cents.
export const USD_DISCOUNT_BASIS_POINTS = 2000; // 20 %
export const MAX_CUOTAS = 6;
export const MAX_LAPSOS_PREVISIVO = 4;

export type Modalidad = 'De Contado' | 'Financiado';
export type MetodoPago = 'USD' | 'VES';

/** The price table of a plan (SPEC §3 Plan), as decimal text or numbers. */
export type PlanPrices = {
  de_contado_bcv: number | string | null;
  de_contado: number | string | null;
  financiado: number | string | null;
  cuota_1?: number | string | null;
  cuota_2?: number | string | null;
  cuota_3?: number | string | null;
  cuota_4?: number | string | null;
  cuota_5?: number | string | null;
  cuota_6?: number | string | null;
};

export type QuoteInput = {
  plan: PlanPrices;
  modalidad: Modalidad;
  metodo: MetodoPago;
  cuotas?: number;
  pagoInicial?: Cents;
  /** Added to the plan's price before the rule applies (pre-need relatives, funeral extras). */
  adicional?: Cents;
};

/** Every amount of a request line, in cents. */
export type Quote = {
  modalidad: Modalidad;
  metodo: MetodoPago;
  /** The plan's list price for this modality and method. */
  precioPlan: Cents;
  descuento: Cents;
  precioConDescuento: Cents;
  pagoInicial: Cents;
  /** Financed balance after discount and initial payment (0 for cash). */
  saldo: Cents;
  cuotas: number;
  montoPorCuota: Cents;
  /** The financed total (cuota_n price), 0 for cash. */
  precioFinanciado: Cents;
  /** What the client pays in all: price with discount. */
  precioTotal: Cents;
};

/** A priced line that breaks a rule; `code` names the rule, so a form can word it for its own product. */
export class PricingError extends Error {
  constructor(readonly code: keyof typeof PRICING_MESSAGES) {
    super(PRICING_MESSAGES[code]);
  }
}

export const PRICING_MESSAGES = {
  sinPrecio: 'El plan seleccionado no tiene precio para esa modalidad.',
  cuotasInvalidas: `Las cuotas deben estar entre 1 y ${MAX_CUOTAS}.`,
  inicialNegativa: 'El pago inicial no puede ser negativo.',
  inicialExcede: 'El monto inicial no puede exceder el precio total financiado.',
} as const;

/** SPEC §5: the columbarium form words the same rule its own way. */
export const INICIAL_EXCEDE_COLUMBARIO = 'El monto inicial no puede ser igual o mayor al precio total.';

/** The smallest balance a financed line may leave (DESIGN §4.12): one cent, so there is always an instalment. */
export const MIN_FINANCED_BALANCE: Cents = 1;

function cents(value: number | string | null | undefined): Cents | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const amount = toCents(value);
  return amount > 0 ? amount : undefined;
}

/** SPEC §9: the financed total is the cuota_{n} price, else `financiado`. */
export function financedTotal(plan: PlanPrices, cuotas: number): Cents | undefined {
  const byInstalments = cents(
    plan[`cuota_${cuotas}` as keyof PlanPrices] as number | string | null | undefined,
  );
  return byInstalments ?? cents(plan.financiado);
}

export function quote(input: QuoteInput): Quote {
  const adicional = input.adicional ?? 0;
  if (input.modalidad === 'De Contado') {
    const listPrice = cents(input.metodo === 'USD' ? input.plan.de_contado : input.plan.de_contado_bcv);
    if (listPrice === undefined) throw new PricingError('sinPrecio');
    return cashQuote({ precioPlan: listPrice + adicional, metodo: input.metodo });
  }

  const cuotas = input.cuotas ?? 0;
  if (!Number.isInteger(cuotas) || cuotas < 1 || cuotas > MAX_CUOTAS)
    throw new PricingError('cuotasInvalidas');
  const total = financedTotal(input.plan, cuotas);
  if (total === undefined) throw new PricingError('sinPrecio');
  return financedQuote({
    precioFinanciado: total + adicional,
    cuotas,
    pagoInicial: input.pagoInicial ?? 0,
    metodo: input.metodo,
  });
}

/** Cash in USD = list price − 20 %; cash in VES = the list price, no discount (DESIGN §4.2). */
export function cashQuote({ precioPlan, metodo }: { precioPlan: Cents; metodo: MetodoPago }): Quote {
  const descuento = metodo === 'USD' ? percentOf(precioPlan, USD_DISCOUNT_BASIS_POINTS) : 0;
  return {
    modalidad: 'De Contado',
    metodo,
    precioPlan,
    descuento,
    precioConDescuento: precioPlan - descuento,
    pagoInicial: 0,
    saldo: 0,
    cuotas: 0,
    montoPorCuota: 0,
    precioFinanciado: 0,
    precioTotal: precioPlan - descuento,
  };
}

type FinancedInput = { precioFinanciado: Cents; cuotas: number; pagoInicial: Cents; metodo: MetodoPago };

const initialDiscount = (pagoInicial: Cents, metodo: MetodoPago) =>
  metodo === 'USD' ? percentOf(pagoInicial, USD_DISCOUNT_BASIS_POINTS) : 0;

/**
 * The rule of `financedQuote` a financed line breaks, if any. Lists that show a price only when there is one ask
 * this instead of catching the error: building an Error for every row of a page costs more than the pricing.
 */
export function financedRefusal(input: FinancedInput): PricingError['code'] | undefined {
  const { precioFinanciado, cuotas, pagoInicial, metodo } = input;
  if (!Number.isInteger(cuotas) || cuotas < 1 || cuotas > MAX_CUOTAS) return 'cuotasInvalidas';
  if (!Number.isSafeInteger(pagoInicial) || pagoInicial < 0) return 'inicialNegativa';
  const saldo = precioFinanciado - initialDiscount(pagoInicial, metodo) - pagoInicial;
  return saldo < MIN_FINANCED_BALANCE ? 'inicialExcede' : undefined;
}

/**
 * The financed rule once the financed total is known (DESIGN §4.2, §4.12): a USD initial payment earns 20 % of
 * itself as discount, and initial plus discount must leave a balance of at least one cent. Also used to reprice a
 * stored line when its initial is paid in another currency than the one it was priced in.
 */
export function financedQuote(input: FinancedInput): Quote {
  const refusal = financedRefusal(input);
  if (refusal) throw new PricingError(refusal);
  const { precioFinanciado, cuotas, pagoInicial, metodo } = input;
  const descuento = initialDiscount(pagoInicial, metodo);
  const saldo = precioFinanciado - descuento - pagoInicial;
  return {
    modalidad: 'Financiado',
    metodo,
    precioPlan: precioFinanciado,
    descuento,
    precioConDescuento: precioFinanciado - descuento,
    pagoInicial,
    saldo,
    cuotas,
    montoPorCuota: instalmentSchedule(saldo, cuotas)[0]!,
    precioFinanciado,
    precioTotal: precioFinanciado - descuento,
  };
}

/**
 * DESIGN §4.7: the instalments of a financed balance: cuotas − 1 of them (one when cuotas = 1), equal to the
 * cent except the last, which takes the remainder so that they add up to the balance exactly.
 */
export function instalmentSchedule(saldo: Cents, cuotas: number): Cents[] {
  return splitEvenly(saldo, cuotas <= 1 ? 1 : cuotas - 1);
}

/** `total` in `parts` amounts equal to the cent but the last, which takes the remainder; they add up exactly. */
export function splitEvenly(total: Cents, parts: number): Cents[] {
  // Rounding up must not leave the last one negative (a total of a few cents): then round down.
  const rounded = Math.round(total / parts);
  const regular = rounded * (parts - 1) > total ? Math.floor(total / parts) : rounded;
  const amounts = Array.from({ length: parts }, () => regular);
  amounts[parts - 1] = total - regular * (parts - 1);
  return amounts;
}

/** The prices of a funeral plan that make up a wake service (SPEC §3 Funeral plan). */
export type FuneralPrices = {
  precio_velacion: number | string | null;
  precio_traslado: number | string | null;
  preparacion_difunto_sencilla: number | string | null;
  alquiler_ataud_sencillo: number | string | null;
};

export type FuneralExtras = { traslado: boolean; preparacion: boolean; ataud: boolean };

/** Every amount of a funeral service, in cents. */
export type FuneralQuote = {
  velacion: Cents;
  traslado: Cents;
  preparacion: Cents;
  ataud: Cents;
  total: Cents;
};

/**
 * SPEC §2 SOLICITUD DE SERVICIO FUNERARIO: the wake's price plus each chosen extra (transfer, simple
 * preparation, simple coffin rental). SPEC §3 Funeral request: paid in cash, without discount.
 */
export function funeralQuote(prices: FuneralPrices, extras: FuneralExtras): FuneralQuote {
  const velacion = toCents(prices.precio_velacion);
  if (velacion <= 0) throw new PricingError('sinPrecio');
  const traslado = extras.traslado ? toCents(prices.precio_traslado) : 0;
  const preparacion = extras.preparacion ? toCents(prices.preparacion_difunto_sencilla) : 0;
  const ataud = extras.ataud ? toCents(prices.alquiler_ataud_sencillo) : 0;
  return { velacion, traslado, preparacion, ataud, total: velacion + traslado + preparacion + ataud };
}
