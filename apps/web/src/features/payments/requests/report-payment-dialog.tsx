import {
  formatBolivares,
  formatRate,
  formatUsd,
  fromCents,
  PAYMENT_MESSAGES,
  PRICING_MESSAGES,
  toBolivares,
  toCents,
  type MethodPrice,
  type PaymentMethod,
  type RequestDto,
} from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { errorDetail } from '../../../api/client';
import { useReportRequestPayment } from '../../../api/payments/report-request-payment';
import { FileInput } from '../../../components/file-input';
import { UploadProgress } from '../../../components/upload-progress';
import { BankSelect } from '../shared/bank-select';
import { RECEIPT_RULE } from '../shared/receipt-rule';
import { RepeatedReferenceWarning } from '../shared/repeated-reference-warning';
import { ReceivingAccounts } from '../shared/receiving-accounts';
import { useRate } from '../shared/use-rate';
import { BusyButton } from '../../../components/busy-button';

const CURRENCY_NAMES: Record<PaymentMethod, string> = { USD: 'dólares', VES: 'bolívares' };

/**
 * DESIGN §4.12: paying in the other currency than the price's changes the price (the 20 % discount exists only
 * for what is paid in USD); the dialog says so before the user confirms.
 */
function repricingNotice(request: RequestDto, method: PaymentMethod, price: MethodPrice | null) {
  if (!price) {
    return `No es posible pagar en ${CURRENCY_NAMES[method]}: ${PRICING_MESSAGES.inicialExcede}`;
  }
  if (method === request.items_adicionales.metodoPago) return undefined;
  const change =
    method === 'VES'
      ? 'se calcula sin el descuento del 20 % por pago en dólares'
      : 'se calcula con el descuento del 20 % por pago en dólares';
  return `Al pagar en ${CURRENCY_NAMES[method]}, la solicitud ${change}: Precio Total ${formatUsd(request.monto_total)} → ${formatUsd(price.monto_total)}.`;
}

/** SPEC §2 'Reporte de pagos': the dialog 'REPORTAR PAGO - #{numero}'. */
export function ReportPaymentDialog({ request, onClose }: { request: RequestDto; onClose: () => void }) {
  const titleId = useId();
  const rate = useRate();
  const [method, setMethod] = useState<PaymentMethod>(
    request.items_adicionales.metodoPago === 'VES' ? 'VES' : 'USD',
  );
  const [bank, setBank] = useState('');
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [progress, setProgress] = useState<number>();
  const report = useReportRequestPayment(setProgress);
  const isBusy = report.isPending;

  const price = request.precios_por_metodo[method];
  const amount = toCents(price?.monto_a_pagar ?? 0);
  const notice = repricingNotice(request, method, price);
  const amountText =
    method === 'USD'
      ? formatUsd(fromCents(amount))
      : rate
        ? formatBolivares(fromCents(toBolivares(amount, rate)))
        : '—';
  const isComplete =
    Boolean(price) && Boolean(receipt) && (method === 'USD' || Boolean(bank && reference.trim() && rate));

  function chooseMethod(next: PaymentMethod) {
    setMethod(next);
    // A receipt belongs to one currency: choosing the other asks for its own.
    setReceipt(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isComplete || !receipt) return;
    report.mutate(
      {
        requestId: request.id,
        method,
        issuingBank: bank,
        reference: reference.trim(),
        receipt,
      },
      {
        onSuccess: () => {
          toast.success(PAYMENT_MESSAGES.registrado);
          onClose();
        },
        onError: (error) => toast.error(errorDetail(error) ?? PAYMENT_MESSAGES.errorRegistrar),
        onSettled: () => setProgress(undefined),
      },
    );
  }

  return (
    <Dialog open onClose={isBusy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>REPORTAR PAGO - #{request.numero_solicitud}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Precio Total"
                value={formatUsd(price?.monto_total ?? request.monto_total)}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
              />
              <TextField
                label="Modalidad de Pago"
                value={request.modalidadPago}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            </Stack>
            <TextField
              label="Método de Pago"
              select
              value={method}
              disabled={isBusy}
              onChange={(event) => chooseMethod(event.target.value as PaymentMethod)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="USD">USD</option>
              <option value="VES">VES</option>
            </TextField>
            <TextField
              label="Monto a Pagar"
              value={amountText}
              slotProps={{ htmlInput: { readOnly: true } }}
              helperText={
                method === 'VES'
                  ? rate
                    ? `Equivale a ${formatUsd(fromCents(amount))} a la tasa BCV de ${formatRate(rate)}`
                    : PAYMENT_MESSAGES.sinTasa
                  : undefined
              }
              error={method === 'VES' && !rate}
            />
            {notice && (
              <Alert severity={price ? 'info' : 'error'} role="status">
                {notice}
              </Alert>
            )}
            {method === 'VES' && (
              <>
                <BankSelect value={bank} onChange={setBank} disabled={isBusy} />
                <TextField
                  label="Referencia"
                  required
                  value={reference}
                  disabled={isBusy}
                  onChange={(event) => setReference(event.target.value)}
                  slotProps={{ htmlInput: { maxLength: 40 } }}
                />
                <RepeatedReferenceWarning issuingBank={bank} reference={reference} />
              </>
            )}
            <FileInput
              label={method === 'USD' ? 'Comprobante de pago (USD)' : 'Comprobante de pago (Bs.)'}
              rule={RECEIPT_RULE}
              file={receipt}
              onChange={setReceipt}
              disabled={isBusy}
            />
            {method === 'VES' && <ReceivingAccounts />}
            {progress !== undefined && <UploadProgress value={progress} label="Subiendo comprobante" />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isBusy}>
            Cancelar
          </Button>
          <BusyButton type="submit" variant="contained" disabled={isBusy || !isComplete} isBusy={isBusy}>
            Reportar Pago
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
