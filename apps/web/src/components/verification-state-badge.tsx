import { VERIFICATION_STATE_LABELS, type VerificationState } from '@camposanto/domain';
import { StatusBadge, type StatusTone } from './status-badge';

const TONES: Record<VerificationState, StatusTone> = {
  por_verificar: 'warning',
  verificado: 'success',
  rechazado: 'error',
};

/** Issue 14: a reported payment is a claim until administration verifies it (yellow, green, red). */
export function VerificationStateBadge({ estado }: { estado: VerificationState }) {
  return <StatusBadge label={VERIFICATION_STATE_LABELS[estado].toUpperCase()} tone={TONES[estado]} />;
}

/** Issue 14: another payment already used this issuing bank and reference (a warning, never a refusal). */
export function RepeatedReferenceBadge() {
  return <StatusBadge label="Referencia repetida" tone="warning" />;
}
