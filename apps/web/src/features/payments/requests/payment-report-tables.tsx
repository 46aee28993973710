import { formatRate, PAYMENT_MESSAGES, type PaymentReport } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { VerificationStateBadge } from '../../../components/verification-state-badge';
import { ReceiptPdfButton } from '../../../components/pdf-download-button';
import { formatDate } from '../../../lib/format-date';
import { paymentConcept } from '../shared/payment-concept';
import { ReceiptButton } from '../shared/receipt-button';

const usdColumns: DataTableColumn<PaymentReport>[] = [
  { key: 'fecha', header: 'Fecha', noWrap: true, render: (payment) => formatDate(payment.fecha_pago) },
  { key: 'concepto', header: 'Concepto', render: paymentConcept },
  {
    key: 'monto',
    header: 'Monto (USD)',
    align: 'right',
    noWrap: true,
    render: (payment) => <Money amount={payment.divisas} />,
  },
  {
    // Issue 14 §3: whether administración verified the receipt.
    key: 'verificacion',
    header: 'Verificación',
    noWrap: true,
    render: (payment) =>
      payment.estado_verificacion ? <VerificationStateBadge estado={payment.estado_verificacion} /> : '—',
  },
  {
    key: 'comprobante',
    header: 'Comprobante',
    render: (payment) =>
      payment.tiene_comprobante_usd ? (
        <ReceiptButton paymentId={payment.id} currency="usd" label="Ver comprobante" />
      ) : (
        '—'
      ),
  },
  {
    // Issue 14 §1: the receipt the client keeps, made by the server; a rejected payment has none (§3).
    key: 'recibo',
    header: 'Recibo',
    align: 'center',
    render: (payment) =>
      payment.estado_verificacion === 'rechazado' ? '—' : <ReceiptPdfButton paymentId={payment.id} />,
  },
];

const vesColumns: DataTableColumn<PaymentReport>[] = [
  { key: 'fecha', header: 'Fecha', noWrap: true, render: (payment) => formatDate(payment.fecha_pago) },
  { key: 'concepto', header: 'Concepto', render: paymentConcept },
  {
    key: 'monto',
    header: 'Monto (Bs.)',
    align: 'right',
    noWrap: true,
    render: (payment) => <Money amount={payment.bolivares} currency="VES" />,
  },
  {
    key: 'tasa',
    header: 'Tasa BCV',
    align: 'right',
    noWrap: true,
    render: (payment) => (payment.dollar_price === null ? '—' : formatRate(payment.dollar_price)),
  },
  { key: 'banco', header: 'Banco Emisor', render: (payment) => payment.banco_emisor ?? '—' },
  { key: 'referencia', header: 'Referencia', render: (payment) => payment.referencia ?? '—' },
  {
    // Issue 14 §3: whether administración verified the receipt.
    key: 'verificacion',
    header: 'Verificación',
    noWrap: true,
    render: (payment) =>
      payment.estado_verificacion ? <VerificationStateBadge estado={payment.estado_verificacion} /> : '—',
  },
  {
    key: 'comprobante',
    header: 'Comprobante',
    render: (payment) =>
      payment.tiene_comprobante_ves ? (
        <ReceiptButton paymentId={payment.id} currency="ves" label="Ver comprobante" />
      ) : (
        '—'
      ),
  },
  {
    // Issue 14 §1: the receipt the client keeps, made by the server; a rejected payment has none (§3).
    key: 'recibo',
    header: 'Recibo',
    align: 'center',
    render: (payment) =>
      payment.estado_verificacion === 'rechazado' ? '—' : <ReceiptPdfButton paymentId={payment.id} />,
  },
];

/** SPEC §2 'DETALLES DE LA SOLICITUD': the payment reports, one table in USD and one in bolivars. */
export function PaymentReportTables({ payments }: { payments: readonly PaymentReport[] }) {
  // A mixed payment (Ambos) has a part in each currency, and appears in both tables.
  const inUsd = payments.filter((payment) => payment.divisas > 0);
  const inVes = payments.filter((payment) => payment.bolivares > 0);
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
          Pagos en USD
        </Typography>
        <DataTable
          label="Pagos en USD"
          cardsBelow="md"
          columns={usdColumns}
          rows={inUsd}
          rowKey={(payment) => payment.id}
          emptyText={PAYMENT_MESSAGES.sinHistorial}
        />
      </div>
      <div>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
          Pagos en Bolívares
        </Typography>
        <DataTable
          label="Pagos en Bolívares"
          cardsBelow="md"
          columns={vesColumns}
          rows={inVes}
          rowKey={(payment) => payment.id}
          emptyText={PAYMENT_MESSAGES.sinHistorial}
        />
      </div>
    </Stack>
  );
}
