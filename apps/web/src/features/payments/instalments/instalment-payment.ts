import {
  centsToDecimal,
  instalmentPaidInUsd,
  instalmentAmountMatches,
  PAYMENT_MESSAGES,
  toBolivares,
  toCents,
  type Cents,
  type InstalmentPaymentType,
  type VesMethod,
} from '@camposanto/domain';

/** What the payer has filled in the dialog 'REPORTAR PAGO - CUOTA #n' (SPEC §2 screen 7). */
export interface InstalmentPaymentDraft {
  paymentType: InstalmentPaymentType | '';
  /** Amounts as typed: USD, and bolivars. */
  usdAmount: string;
  vesAmount: string;
  vesMethod: VesMethod | '';
  issuingBank: string;
  reference: string;
  usdReceipt: File | null;
  vesReceipt: File | null;
  notes: string;
}

/** The instalment's amount and the rate of the day (null while there is none). */
export interface InstalmentTerms {
  instalment: Cents;
  rate: number | null;
}

export const EMPTY_DRAFT: InstalmentPaymentDraft = {
  paymentType: '',
  usdAmount: '',
  vesAmount: '',
  vesMethod: '',
  issuingBank: '',
  reference: '',
  usdReceipt: null,
  vesReceipt: null,
  notes: '',
};

export const paysUsd = (paymentType: InstalmentPaymentDraft['paymentType']) =>
  paymentType === 'USD' || paymentType === 'Ambos';
export const paysVes = (paymentType: InstalmentPaymentDraft['paymentType']) =>
  paymentType === 'VES' || paymentType === 'Ambos';

/**
 * SPEC §4 Payment type: choosing USD sets the VES amount to 0.00 (and the USD amount to the instalment);
 * choosing VES sets the USD amount to 0 and the VES amount to instalment × rate; Ambos leaves both for the
 * payer to split.
 */
export function chooseType(
  draft: InstalmentPaymentDraft,
  paymentType: InstalmentPaymentType,
  { instalment, rate }: InstalmentTerms,
): InstalmentPaymentDraft {
  switch (paymentType) {
    case 'USD':
      return { ...draft, paymentType, usdAmount: centsToDecimal(instalment), vesAmount: '0.00' };
    case 'VES':
      return {
        ...draft,
        paymentType,
        usdAmount: '0',
        vesAmount: rate ? centsToDecimal(toBolivares(instalment, rate)) : '',
      };
    case 'Ambos':
      return { ...draft, paymentType, usdAmount: '', vesAmount: '' };
  }
}

/** SPEC §4: changing the VES method clears the bank, the number or reference, and the proof. */
export function chooseVesMethod(draft: InstalmentPaymentDraft, vesMethod: VesMethod): InstalmentPaymentDraft {
  return { ...draft, vesMethod, issuingBank: '', reference: '', vesReceipt: null };
}

/** An amount as typed, in cents; NaN when it is not an amount. */
export function typedCents(text: string): Cents {
  try {
    return text.trim() === '' ? Number.NaN : toCents(text);
  } catch {
    return Number.NaN;
  }
}

/**
 * SPEC §5 Instalment payment: what still keeps the submit disabled. `hint` is the SPEC's message for the part
 * that is missing; none while no payment type is chosen.
 */
export function missingRequirement(
  draft: InstalmentPaymentDraft,
  { rate }: Pick<InstalmentTerms, 'rate'>,
): { isComplete: boolean; hint?: string } {
  if (!draft.paymentType) return { isComplete: false };
  if (paysUsd(draft.paymentType) && !(typedCents(draft.usdAmount) > 0 && draft.usdReceipt)) {
    return { isComplete: false, hint: PAYMENT_MESSAGES.comprobanteUsd };
  }
  if (paysVes(draft.paymentType)) {
    if (!rate) return { isComplete: false, hint: PAYMENT_MESSAGES.sinTasa };
    const isComplete =
      typedCents(draft.vesAmount) > 0 &&
      Boolean(draft.vesMethod && draft.issuingBank && draft.reference.trim() && draft.vesReceipt);
    if (!isComplete) {
      return {
        isComplete,
        hint:
          draft.vesMethod === 'pago_movil'
            ? PAYMENT_MESSAGES.comprobantePagoMovil
            : PAYMENT_MESSAGES.comprobanteTransferencia,
      };
    }
  }
  return { isComplete: true };
}

/** What the typed amounts are worth in USD cents (SPEC §9: USD plus VES ÷ rate); NaN if one is not an amount. */
export function paidInUsd(draft: InstalmentPaymentDraft, { rate }: Pick<InstalmentTerms, 'rate'>): Cents {
  const usd = paysUsd(draft.paymentType) ? typedCents(draft.usdAmount) : 0;
  const ves = paysVes(draft.paymentType) ? typedCents(draft.vesAmount) : 0;
  if (Number.isNaN(usd) || Number.isNaN(ves) || (ves > 0 && !rate)) return Number.NaN;
  return instalmentPaidInUsd({ usd, ves, rate: rate ?? 1 });
}

/** SPEC §5: what is paid must equal the instalment (the server's rule), else 'El monto pagado no coincide…'. */
export function amountMismatch(draft: InstalmentPaymentDraft, terms: InstalmentTerms): string | undefined {
  const usd = paysUsd(draft.paymentType) ? typedCents(draft.usdAmount) : 0;
  const ves = paysVes(draft.paymentType) ? typedCents(draft.vesAmount) : 0;
  const matches =
    draft.paymentType !== '' &&
    !Number.isNaN(usd) &&
    !Number.isNaN(ves) &&
    instalmentAmountMatches({
      tipo: draft.paymentType,
      usd,
      ves,
      rate: terms.rate ?? null,
      due: terms.instalment,
    });
  return matches ? undefined : PAYMENT_MESSAGES.montoNoCoincide;
}
