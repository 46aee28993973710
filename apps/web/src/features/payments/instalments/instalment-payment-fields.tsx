import {
  INSTALMENT_PAYMENT_TYPES,
  VES_METHODS,
  type InstalmentPaymentType,
  type VesMethod,
} from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FileInput } from '../../../components/file-input';
import { BankSelect } from '../shared/bank-select';
import { RECEIPT_RULE } from '../shared/receipt-rule';
import { RepeatedReferenceWarning } from '../shared/repeated-reference-warning';
import { ReceivingAccounts } from '../shared/receiving-accounts';
import { paysUsd, paysVes, type InstalmentPaymentDraft } from './instalment-payment';

const TYPE_LABELS: Record<InstalmentPaymentType, string> = {
  USD: 'USD',
  VES: 'VES',
  Ambos: 'Ambos (USD y VES)',
};

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;
const amountInput = { htmlInput: { inputMode: 'decimal' } } as const;

interface InstalmentPaymentFieldsProps {
  draft: InstalmentPaymentDraft;
  disabled: boolean;
  onType: (paymentType: InstalmentPaymentType) => void;
  onVesMethod: (metodo: VesMethod) => void;
  onChange: (fields: Partial<InstalmentPaymentDraft>) => void;
}

/** The fields of 'REPORTAR PAGO - CUOTA #n' that each payment type asks for (SPEC §5 Instalment payment). */
export function InstalmentPaymentFields({
  draft,
  disabled,
  onType,
  onVesMethod,
  onChange,
}: InstalmentPaymentFieldsProps) {
  const isTransfer = draft.vesMethod !== 'pago_movil';
  return (
    <Stack spacing={2}>
      <TextField
        label="Tipo de Pago"
        select
        required
        value={draft.paymentType}
        disabled={disabled}
        onChange={(event) => onType(event.target.value as InstalmentPaymentType)}
        slotProps={nativeSelect}
      >
        <option value="" disabled>
          Seleccione el paymentType de pago
        </option>
        {INSTALMENT_PAYMENT_TYPES.map((paymentType) => (
          <option key={paymentType} value={paymentType}>
            {TYPE_LABELS[paymentType]}
          </option>
        ))}
      </TextField>
      {paysUsd(draft.paymentType) && (
        <>
          <TextField
            label="Monto en USD"
            required
            value={draft.usdAmount}
            disabled={disabled}
            onChange={(event) => onChange({ usdAmount: event.target.value })}
            slotProps={amountInput}
          />
          <FileInput
            label="Comprobante en USD"
            rule={RECEIPT_RULE}
            file={draft.usdReceipt}
            onChange={(file) => onChange({ usdReceipt: file })}
            disabled={disabled}
          />
        </>
      )}
      {paysVes(draft.paymentType) && (
        <>
          <TextField
            label="Monto en Bs."
            required
            value={draft.vesAmount}
            disabled={disabled}
            onChange={(event) => onChange({ vesAmount: event.target.value })}
            slotProps={amountInput}
          />
          <TextField
            label="Método de Pago en Bs."
            select
            required
            value={draft.vesMethod}
            disabled={disabled}
            onChange={(event) => onVesMethod(event.target.value as VesMethod)}
            slotProps={nativeSelect}
          >
            <option value="" disabled>
              Seleccione el método
            </option>
            {VES_METHODS.map((metodo) => (
              <option key={metodo.value} value={metodo.value}>
                {metodo.label}
              </option>
            ))}
          </TextField>
          {draft.vesMethod && (
            <>
              <BankSelect
                value={draft.issuingBank}
                onChange={(issuingBank) => onChange({ issuingBank })}
                disabled={disabled}
              />
              <TextField
                label={isTransfer ? 'Número de Transferencia' : 'Número de Referencia'}
                required
                value={draft.reference}
                disabled={disabled}
                onChange={(event) => onChange({ reference: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 40 } }}
              />
              <RepeatedReferenceWarning issuingBank={draft.issuingBank} reference={draft.reference} />
              <FileInput
                label={isTransfer ? 'Comprobante de transferencia' : 'Comprobante de pago móvil'}
                rule={RECEIPT_RULE}
                file={draft.vesReceipt}
                onChange={(file) => onChange({ vesReceipt: file })}
                disabled={disabled}
              />
              <ReceivingAccounts metodo={draft.vesMethod} />
            </>
          )}
        </>
      )}
      <TextField
        label="Observaciones"
        multiline
        minRows={2}
        value={draft.notes}
        disabled={disabled}
        onChange={(event) => onChange({ notes: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </Stack>
  );
}
