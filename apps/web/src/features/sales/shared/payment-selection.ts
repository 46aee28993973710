import {
  financedTotal,
  INICIAL_EXCEDE_COLUMBARIO,
  MSG,
  PRICING_MESSAGES,
  PricingError,
  pricingRefusal,
  quote,
  toCents,
  type Cents,
  type MetodoPago,
  type Modalidad,
  type PlanPrices,
  type Quote,
} from '@camposanto/domain';

/** What the seller chose in a plan section; numbers as typed, so that a half-typed amount stays on screen. */
export interface PaymentSelection {
  /** '' until a plan is chosen (the value of a native select). */
  planId: string;
  modalidad: Modalidad | '';
  metodo: MetodoPago;
  cuotas: number;
  pagoInicial: string;
}

export const EMPTY_SELECTION: PaymentSelection = {
  planId: '',
  modalidad: '',
  metodo: 'USD',
  cuotas: 1,
  pagoInicial: '0',
};

/** SPEC §4: changing plan or modality zeroes dependent amounts (initial payment, instalments). */
export function applyChange(current: PaymentSelection, patch: Partial<PaymentSelection>): PaymentSelection {
  const next = { ...current, ...patch };
  const planChanged = patch.planId !== undefined && patch.planId !== current.planId;
  const modeChanged = patch.modalidad !== undefined && patch.modalidad !== current.modalidad;
  if (planChanged || modeChanged) return { ...next, pagoInicial: '0', cuotas: 1 };
  return next;
}

export type Preview =
  | { status: 'incomplete' }
  | { status: 'ok'; quote: Quote }
  | {
      status: 'error';
      message: string;
      /** The financed total, kept in view while the initial payment is refused (issue 10). */
      precioFinanciado?: Cents;
    };

export interface PreviewOptions {
  /** Added to the plan's price (pre-need relatives). */
  adicional?: Cents;
  /** The form's service: SPEC §5 words the initial-payment refusal of the columbarium its own way. */
  service?: string;
}

/** The financed total of the selection, when the plan has one for its instalments. */
function financedTotalOf(plan: PlanPrices, selection: PaymentSelection, adicional: Cents) {
  if (selection.modalidad !== 'Financiado') return undefined;
  const total = financedTotal(plan, selection.cuotas);
  return total === undefined ? undefined : total + adicional;
}

/**
 * DESIGN §4.2: the screen previews with the domain's `quote`, the same function the server prices with, so
 * the amounts shown are the amounts saved. A refusal of the rule (e.g. SPEC §5 'El monto inicial no puede
 * exceder el precio total financiado.') is returned as the server words it, with the financed total.
 */
export function previewQuote(
  plan: PlanPrices | undefined,
  selection: PaymentSelection,
  { adicional = 0, service }: PreviewOptions = {},
): Preview {
  if (!plan || !selection.modalidad) return { status: 'incomplete' };
  const refused = (message: string): Preview => ({
    status: 'error',
    message,
    precioFinanciado: financedTotalOf(plan, selection, adicional),
  });
  let pagoInicial: Cents;
  try {
    pagoInicial = selection.modalidad === 'Financiado' ? toCents(selection.pagoInicial.trim() || 0) : 0;
  } catch {
    return refused(MSG.numeroInvalido);
  }
  try {
    return {
      status: 'ok',
      quote: quote({
        plan,
        modalidad: selection.modalidad,
        metodo: selection.metodo,
        cuotas: selection.cuotas,
        pagoInicial,
        adicional,
      }),
    };
  } catch (error) {
    if (error instanceof PricingError) return refused(pricingRefusal(error, service));
    throw error;
  }
}

/** Refusals that concern the initial payment, shown under its field; the others go under the preview. */
export function isInitialPaymentError(message: string): boolean {
  return (
    message === PRICING_MESSAGES.inicialExcede ||
    message === INICIAL_EXCEDE_COLUMBARIO ||
    message === PRICING_MESSAGES.inicialNegativa ||
    message === MSG.numeroInvalido
  );
}
