import { PAYMENT_STATE_LABELS, REQUEST_STATE_LABELS, SIN_ESTADO } from '@camposanto/domain';
import { StatusBadge, type StatusTone } from './status-badge';

/** SPEC §4 Request estado: SOLICITUD red, CONTRATO green; a missing estado shows 'Sin estado'. */
export function RequestStateBadge({ estado }: { estado: string | null | undefined }) {
  if (!estado) return <StatusBadge label={SIN_ESTADO} tone="default" />;
  const tone: StatusTone = estado === 'contrato' ? 'success' : estado === 'solicitud' ? 'error' : 'default';
  return <StatusBadge label={REQUEST_STATE_LABELS[estado] ?? estado.toUpperCase()} tone={tone} />;
}

/** SPEC §4 Payment state: PENDIENTE red, INICIAL PAGADA and PAGADO green. */
export function PaymentStateBadge({ estadoPago }: { estadoPago: string | null | undefined }) {
  if (!estadoPago) return <StatusBadge label={SIN_ESTADO} tone="default" />;
  const tone: StatusTone =
    estadoPago === 'pendiente' ? 'error' : estadoPago in PAYMENT_STATE_LABELS ? 'success' : 'default';
  return <StatusBadge label={PAYMENT_STATE_LABELS[estadoPago] ?? estadoPago.toUpperCase()} tone={tone} />;
}
