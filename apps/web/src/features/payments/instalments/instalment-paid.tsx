import {
  formatBolivares,
  formatRate,
  formatUsd,
  VES_METHODS,
  type InstalmentPayment,
} from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ReceiptPdfButton } from '../../../components/pdf-download-button';
import { VerificationStateBadge } from '../../../components/verification-state-badge';
import { formatDate } from '../../../lib/format-date';
import { ReceiptButton } from '../shared/receipt-button';

/** 'USD', 'VES — Pago Móvil', 'Ambos — Transferencia Bancaria': the type and how the bolívares came. */
export function paymentMethodLabel(payment: Pick<InstalmentPayment, 'metodo_pago' | 'metodo_ves'>): string {
  const vesMethod = VES_METHODS.find((method) => method.value === payment.metodo_ves)?.label;
  return vesMethod ? `${payment.metodo_pago} — ${vesMethod}` : payment.metodo_pago;
}

/**
 * Issue 10 §7: how a paid instalment was paid — the date, the method and each currency's amount with the rate
 * used — so the office can check it against its receipts.
 */
export function InstalmentPaid({ payment }: { payment: InstalmentPayment }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">
        {formatDate(payment.fecha_pago)} · {paymentMethodLabel(payment)}
      </Typography>
      {payment.divisas > 0 && <Typography variant="body2">{formatUsd(payment.divisas)}</Typography>}
      {payment.bolivares > 0 && (
        <Typography variant="body2">
          {formatBolivares(payment.bolivares)}
          {payment.dollar_price !== null && ` (tasa ${formatRate(payment.dollar_price)})`}
        </Typography>
      )}
      {/* Issue 14 §3: whether administración verified the receipt. */}
      {payment.estado_verificacion && (
        <span>
          <VerificationStateBadge estado={payment.estado_verificacion} />
        </span>
      )}
    </Stack>
  );
}

/** The proofs of payment of a paid instalment, each opened in a new tab, and its receipt as a PDF (issue 14). */
export function InstalmentReceipts({ payment }: { payment: InstalmentPayment }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <ReceiptPdfButton paymentId={payment.id} />
      {payment.tiene_comprobante_usd && (
        <ReceiptButton paymentId={payment.id} currency="usd" label="Comprobante USD" />
      )}
      {payment.tiene_comprobante_ves && (
        <ReceiptButton paymentId={payment.id} currency="ves" label="Comprobante Bs." />
      )}
    </Stack>
  );
}
