import { VERIFICATION_MESSAGES, formatUsd, formatRate, type VerificationItem } from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { useVerifyPayment } from '../../../api/payment-verification/verify-payment';
import { BusyButton } from '../../../components/busy-button';
import { DetailList } from '../../../components/detail-list';
import { Money } from '../../../components/money';
import { VerificationStateBadge } from '../../../components/verification-state-badge';
import { formatDate } from '../../../lib/format-date';
import { ReceiptPreview } from './receipt-preview';
import { RejectDialog } from './reject-dialog';
import { VERIFICATION_TEXTS } from './texts';

const CURRENCY_LABELS = { usd: 'USD', ves: 'Bs.' } as const;

function reportedData(payment: VerificationItem): Array<[string, ReactNode]> {
  const items: Array<[string, ReactNode]> = [
    ['Estado', <VerificationStateBadge key="estado" estado={payment.estado_verificacion} />],
    ['Concepto', payment.concepto],
    ['Fecha', formatDate(payment.fecha_pago)],
    ['No. Solicitud', payment.numero_solicitud],
    ['No. Contrato', payment.numero_contrato ?? '—'],
    ['Cliente', payment.cliente],
    ['Vendedor', payment.vendedor],
    ['Método', payment.metodo_ves ? `${payment.metodo_pago} (${payment.metodo_ves})` : payment.metodo_pago],
    ['Monto Pagado', <Money key="pagado" amount={payment.monto_pagado} />],
    ['Monto en USD', formatUsd(payment.divisas)],
    ['Monto en Bs.', <Money key="bs" amount={payment.bolivares} currency="VES" />],
    ['Tasa BCV', payment.dollar_price === null ? '—' : formatRate(payment.dollar_price)],
    ['Banco Emisor', payment.banco_emisor ?? '—'],
    ['Referencia', payment.referencia ?? '—'],
    ['Banco Receptor', payment.banco_receptor ?? '—'],
    ['Observaciones', payment.observaciones ?? '—'],
  ];
  if (payment.estado_verificacion !== 'por_verificar') {
    items.push(
      ['Decidido por', payment.verificado_por ?? '—'],
      ['Fecha de decisión', formatDate(payment.fecha_verificacion)],
    );
  }
  if (payment.estado_verificacion === 'rechazado')
    items.push(['Motivo del rechazo', payment.motivo_rechazo ?? '—']);
  return items;
}

/** The payment's receipts, one tab per currency when it has two. */
function Receipts({ payment }: { payment: VerificationItem }) {
  const [shown, setShown] = useState(0);
  const receipts = payment.comprobantes;
  const receipt = receipts[Math.min(shown, receipts.length - 1)];
  if (!receipt) return <Alert severity="info">{VERIFICATION_TEXTS.sinComprobante}</Alert>;
  return (
    <Stack spacing={1}>
      {receipts.length > 1 && (
        <Tabs value={shown} onChange={(_, value: number) => setShown(value)} aria-label="Comprobantes">
          {receipts.map((item) => (
            <Tab key={item.moneda} label={`Comprobante ${CURRENCY_LABELS[item.moneda]}`} />
          ))}
        </Tabs>
      )}
      <ReceiptPreview key={receipt.moneda} paymentId={payment.id} receipt={receipt} />
    </Stack>
  );
}

/**
 * Issue 14 §3: a reported payment's receipt beside its reported data, with 'Verificar' and 'Rechazar' while it
 * waits for a decision. Side by side on wide screens, one above the other on narrow ones.
 */
export function ReviewDialog({ payment, onClose }: { payment: VerificationItem; onClose: () => void }) {
  const titleId = useId();
  const [isRejecting, setIsRejecting] = useState(false);
  const decide = useVerifyPayment();
  const isBusy = decide.isPending;
  const isPending = payment.estado_verificacion === 'por_verificar';

  function send(decision: 'verificado' | 'rechazado', motivo?: string) {
    decide.mutate(
      { paymentId: payment.id, body: decision === 'rechazado' ? { decision, motivo } : { decision } },
      {
        onSuccess: (answer) => {
          toast.success(
            answer.mensaje ||
              (decision === 'verificado'
                ? VERIFICATION_MESSAGES.pagoVerificado
                : VERIFICATION_MESSAGES.pagoRechazado),
          );
          onClose();
        },
        onError: (error) => toast.error(errorDetail(error) ?? VERIFICATION_MESSAGES.errorDecision),
      },
    );
  }

  return (
    <>
      <Dialog open onClose={isBusy ? undefined : onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{payment.concepto}</DialogTitle>
        <DialogContent dividers>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <Box
              component="section"
              aria-label={VERIFICATION_TEXTS.comprobante}
              sx={{ flex: 3, minWidth: 0 }}
            >
              <Receipts payment={payment} />
            </Box>
            <Stack
              component="section"
              spacing={2}
              aria-label={VERIFICATION_TEXTS.datosReportados}
              sx={{ flex: 2, minWidth: 0 }}
            >
              {payment.referencia_repetida && (
                <Alert severity="warning">{VERIFICATION_MESSAGES.referenciaRepetida}</Alert>
              )}
              <DetailList
                label={VERIFICATION_TEXTS.datosReportados}
                items={reportedData(payment)}
                columns={1}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={isBusy}>
            {isPending ? VERIFICATION_TEXTS.cancelar : VERIFICATION_TEXTS.cerrar}
          </Button>
          {isPending && (
            <>
              <Button color="error" variant="outlined" disabled={isBusy} onClick={() => setIsRejecting(true)}>
                {VERIFICATION_TEXTS.rechazar}
              </Button>
              <BusyButton
                color="success"
                variant="contained"
                isBusy={isBusy && decide.variables?.body.decision === 'verificado'}
                disabled={isBusy}
                onClick={() => send('verificado')}
              >
                {VERIFICATION_TEXTS.verificar}
              </BusyButton>
            </>
          )}
        </DialogActions>
      </Dialog>
      {isRejecting && (
        <RejectDialog
          payment={payment}
          isBusy={isBusy}
          onReject={(reason) => send('rechazado', reason)}
          onClose={() => setIsRejecting(false)}
        />
      )}
    </>
  );
}
