import { useState } from 'react';
import { applyChange, EMPTY_SELECTION, type PaymentSelection } from './payment-selection';

/** The plan, modality, method, instalments and initial payment of a form, with SPEC §4's zeroing. */
export function usePaymentSelection(initial: Partial<PaymentSelection> = {}) {
  const [start] = useState<PaymentSelection>(() => ({ ...EMPTY_SELECTION, ...initial }));
  const [selection, setSelection] = useState(start);
  return {
    selection,
    change: (patch: Partial<PaymentSelection>) => setSelection((current) => applyChange(current, patch)),
    reset: () => setSelection(start),
  };
}

export type PaymentSelectionState = ReturnType<typeof usePaymentSelection>;
