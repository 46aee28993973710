import { VERIFICATION_MESSAGES } from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import { useRepeatedReference } from '../../../api/payment-verification/get-repeated-reference';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

// Asked once typing pauses, not at every key.
const DEBOUNCE_MS = 400;

/**
 * Issue 14 §3: once the issuing bank and the reference are both filled, says whether another payment already used
 * them. A warning only: the report can be sent anyway, and administration checks it in the verification queue.
 */
export function RepeatedReferenceWarning({
  issuingBank,
  reference,
}: {
  issuingBank: string;
  reference: string;
}) {
  const current = JSON.stringify([issuingBank.trim(), reference.trim()]);
  const settled = useDebouncedValue(current, DEBOUNCE_MS);
  const [settledBank, settledReference] = JSON.parse(settled) as [string, string];
  const check = useRepeatedReference(settledBank, settledReference);
  const isCurrent = settled === current;
  if (!isCurrent || !check.data?.repetida || !issuingBank.trim() || !reference.trim()) return null;
  return (
    <Alert severity="warning" role="status">
      {VERIFICATION_MESSAGES.referenciaRepetidaAviso}
    </Alert>
  );
}
