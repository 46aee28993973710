import {
  centsToDecimal,
  formatRate,
  formatUsd,
  fromCents,
  PAYMENT_MESSAGES,
  toCents,
  type InstalmentPaymentType,
  type RequestDto,
  type VesMethod,
} from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import type { Instalment } from '../../../api/instalments/get-instalments';
import { usePayInstalment } from '../../../api/instalments/pay-instalment';
import { UploadProgress } from '../../../components/upload-progress';
import { formatDate } from '../../../lib/format-date';
import { DetailList } from '../../../components/detail-list';
import { useRate } from '../shared/use-rate';
import { useSellerId } from '../shared/use-seller-id';
import {
  amountMismatch,
  chooseType,
  chooseVesMethod,
  EMPTY_DRAFT,
  missingRequirement,
  paidInUsd,
  paysUsd,
  paysVes,
  typedCents,
  type InstalmentPaymentDraft,
} from './instalment-payment';
import { InstalmentPaymentFields } from './instalment-payment-fields';
import { BusyButton } from '../../../components/busy-button';

interface InstalmentPaymentDialogProps {
  contract: RequestDto;
  instalment: Instalment;
  onClose: () => void;
}

/** SPEC §2 screen 7: the dialog 'REPORTAR PAGO - CUOTA #n'. */
export function InstalmentPaymentDialog({ contract, instalment, onClose }: InstalmentPaymentDialogProps) {
  const titleId = useId();
  const rate = useRate();
  const sellerId = useSellerId();
  const [draft, setDraft] = useState<InstalmentPaymentDraft>(EMPTY_DRAFT);
  const [progress, setProgress] = useState<number>();
  const pay = usePayInstalment(setProgress);
  const isBusy = pay.isPending;
  const terms = { instalment: toCents(instalment.monto), rate };
  const requirement = missingRequirement(draft, terms);
  const paid = paidInUsd(draft, terms);

  const change = (fields: Partial<InstalmentPaymentDraft>) =>
    setDraft((current) => ({ ...current, ...fields }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!requirement.isComplete || !draft.paymentType) return;
    if (!sellerId) {
      toast.error(PAYMENT_MESSAGES.vendedorNoIdentificado);
      return;
    }
    const mismatch = amountMismatch(draft, terms);
    if (mismatch) {
      toast.error(mismatch);
      return;
    }
    pay.mutate(
      {
        instalmentId: instalment.id,
        contractId: contract.id,
        contractNumber: contract.numero_contrato,
        instalmentNumber: instalment.numero,
        sellerId,
        paymentType: draft.paymentType,
        usdAmount: paysUsd(draft.paymentType) ? centsToDecimal(typedCents(draft.usdAmount)) : '0',
        vesAmount: paysVes(draft.paymentType) ? centsToDecimal(typedCents(draft.vesAmount)) : '0',
        vesMethod: paysVes(draft.paymentType) && draft.vesMethod ? draft.vesMethod : null,
        issuingBank: draft.issuingBank,
        reference: draft.reference.trim(),
        usdReceipt: paysUsd(draft.paymentType) ? draft.usdReceipt : null,
        vesReceipt: paysVes(draft.paymentType) ? draft.vesReceipt : null,
        notes: draft.notes.trim(),
      },
      {
        onSuccess: () => {
          toast.success(PAYMENT_MESSAGES.registrado);
          onClose();
        },
        onError: (error) => toast.error(withDetail(PAYMENT_MESSAGES.errorPagoCuota, error)),
        onSettled: () => setProgress(undefined),
      },
    );
  }

  return (
    <Dialog open onClose={isBusy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>REPORTAR PAGO - CUOTA #{instalment.numero}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DetailList
              label="Datos de la cuota"
              items={[
                ['Contrato', contract.numero_contrato ?? contract.numero_solicitud],
                ['Vencimiento', formatDate(instalment.fecha_vencimiento)],
                ['Monto de la cuota', formatUsd(instalment.monto)],
                ['Tasa BCV', rate ? formatRate(rate) : '—'],
              ]}
            />
            <InstalmentPaymentFields
              draft={draft}
              disabled={isBusy}
              onType={(paymentType: InstalmentPaymentType) =>
                setDraft((current) => chooseType(current, paymentType, terms))
              }
              onVesMethod={(metodo: VesMethod) => setDraft((current) => chooseVesMethod(current, metodo))}
              onChange={change}
            />
            {draft.paymentType === 'Ambos' && (
              <Alert severity={amountMismatch(draft, terms) ? 'warning' : 'success'}>
                Total pagado: {Number.isNaN(paid) ? '—' : formatUsd(fromCents(paid))} de{' '}
                {formatUsd(instalment.monto)}
              </Alert>
            )}
            {requirement.hint && <Alert severity="info">{requirement.hint}</Alert>}
            {progress !== undefined && <UploadProgress value={progress} label="Subiendo comprobantes" />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isBusy}>
            Cancelar
          </Button>
          <BusyButton
            type="submit"
            variant="contained"
            disabled={isBusy || !requirement.isComplete}
            isBusy={isBusy}
          >
            Reportar Pago
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
