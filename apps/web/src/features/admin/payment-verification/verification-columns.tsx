import type { VerificationItem } from '@camposanto/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DataTableColumn } from '../../../components/data-table';
import { RepeatedReferenceBadge, VerificationStateBadge } from '../../../components/verification-state-badge';
import { formatDate } from '../../../lib/format-date';
import { PaymentAmount } from './payment-amount';
import { VERIFICATION_TEXTS } from './texts';

/** What the payment paid, without the number the row already shows: 'Pago inicial', 'Cuota 3'. */
function shortConcept(payment: VerificationItem): string {
  if (payment.tipo === 'cuota') return `Cuota ${payment.nro_cuota ?? ''}`.trim();
  return payment.tipo === 'contado' ? 'Pago de contado' : 'Pago inicial';
}

/** The queue's columns; 'Revisar' opens the payment with its receipt. */
export function verificationColumns(
  onReview: (payment: VerificationItem) => void,
): DataTableColumn<VerificationItem>[] {
  return [
    {
      // Kept in view while the table scrolls sideways on a tablet: which payment the row is.
      key: 'numero',
      header: 'Contrato / Solicitud',
      noWrap: true,
      sticky: { left: 0, width: 140 },
      sortField: 'numero',
      render: (payment) => payment.numero_contrato ?? payment.numero_solicitud,
    },
    {
      key: 'fecha',
      header: 'Fecha',
      noWrap: true,
      sortField: 'fecha_pago',
      render: (payment) => formatDate(payment.fecha_pago),
    },
    { key: 'concepto', header: 'Concepto', noWrap: true, render: shortConcept },
    { key: 'cliente', header: 'Cliente', sortField: 'cliente', render: (payment) => payment.cliente },
    { key: 'vendedor', header: 'Vendedor', sortField: 'vendedor', render: (payment) => payment.vendedor },
    {
      key: 'monto',
      header: 'Monto',
      align: 'right',
      noWrap: true,
      sortField: 'monto_pagado',
      render: (payment) => <PaymentAmount payment={payment} />,
    },
    {
      key: 'referencia',
      header: 'Banco y Referencia',
      render: (payment) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <span>{payment.banco_emisor ?? '—'}</span>
          <Typography component="span" variant="body2" color="text.secondary">
            {payment.referencia ?? '—'}
          </Typography>
          {payment.referencia_repetida && <RepeatedReferenceBadge />}
        </Stack>
      ),
    },
    {
      key: 'estado',
      header: 'Estado',
      noWrap: true,
      render: (payment) => <VerificationStateBadge estado={payment.estado_verificacion} />,
    },
    {
      key: 'accion',
      header: 'Acción',
      align: 'center',
      render: (payment) => (
        <Button
          size="small"
          variant={payment.estado_verificacion === 'por_verificar' ? 'contained' : 'outlined'}
          onClick={() => onReview(payment)}
          aria-label={`${VERIFICATION_TEXTS.revisar} ${payment.concepto}`}
        >
          {VERIFICATION_TEXTS.revisar}
        </Button>
      ),
    },
  ];
}
