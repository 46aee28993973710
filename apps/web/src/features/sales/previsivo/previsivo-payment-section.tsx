import { MAX_LAPSOS_PREVISIVO } from '@camposanto/domain';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormSection } from '../../../components/form-section';
import { PaymentFields } from '../shared/payment-fields';
import { isInitialPaymentError, type Preview } from '../shared/payment-selection';
import { PricePreview } from '../shared/price-preview';
import type { PaymentSelectionState } from '../shared/use-payment-selection';

interface PrevisivoPaymentSectionProps {
  payment: PaymentSelectionState;
  preview: Preview;
  disabled: boolean;
  onAdd: () => void;
}

/** SPEC §2 MODALIDAD - LAPSOS DE CONTRATACIÓN; SPEC §5: financed only, in 1–4 lapsos. */
export function PrevisivoPaymentSection({ payment, preview, disabled, onAdd }: PrevisivoPaymentSectionProps) {
  const error = preview.status === 'error' ? preview.message : undefined;
  const fieldError = error && isInitialPaymentError(error) ? error : undefined;
  return (
    <FormSection title="MODALIDAD - LAPSOS DE CONTRATACIÓN">
      <Stack spacing={2}>
        <PaymentFields
          selection={payment.selection}
          onChange={payment.change}
          paymentModes={['Financiado']}
          maxInstalments={MAX_LAPSOS_PREVISIVO}
          instalmentsLabel="Lapsos"
          initialPaymentError={fieldError}
          disabled={disabled}
        />
        <PricePreview preview={preview} isFinanced />
        {error && !fieldError && <Alert severity="error">{error}</Alert>}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<PlaylistAddIcon />} disabled={disabled} onClick={onAdd}>
            Agregar al Contrato
          </Button>
        </Stack>
      </Stack>
    </FormSection>
  );
}
