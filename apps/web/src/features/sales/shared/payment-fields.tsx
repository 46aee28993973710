import { MAX_CUOTAS, type MetodoPago, type Modalidad } from '@camposanto/domain';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { PaymentSelection } from './payment-selection';

const PAYMENT_MODES: readonly Modalidad[] = ['De Contado', 'Financiado'];
const PAYMENT_METHODS: readonly MetodoPago[] = ['USD', 'VES'];
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

interface PaymentFieldsProps {
  selection: PaymentSelection;
  onChange: (patch: Partial<PaymentSelection>) => void;
  /** SPEC §5: cuotas 1–6; the pre-need form is financed only, in 1–4 lapsos. */
  paymentModes?: readonly Modalidad[];
  maxInstalments?: number;
  instalmentsLabel?: string;
  /** The pricing rule's refusal of the initial payment, if any. */
  initialPaymentError?: string;
  disabled?: boolean;
}

/** Modalidad, método de pago and, when financed, cuotas and pago inicial (SPEC §2, §5, §9). */
export function PaymentFields({
  selection,
  onChange,
  paymentModes = PAYMENT_MODES,
  maxInstalments = MAX_CUOTAS,
  instalmentsLabel = 'Cuotas',
  initialPaymentError,
  disabled = false,
}: PaymentFieldsProps) {
  const isFinanced = selection.modalidad === 'Financiado';
  const cell = { xs: 12, sm: 6, md: 3 } as const;
  return (
    <Grid container spacing={2}>
      <Grid size={cell}>
        <TextField
          label="Modalidad de Pago"
          select
          required
          fullWidth
          disabled={disabled}
          value={selection.modalidad}
          onChange={(event) => onChange({ modalidad: event.target.value as Modalidad })}
          slotProps={nativeSelect}
        >
          {paymentModes.length > 1 && (
            <option value="" disabled>
              Seleccione una modalidad
            </option>
          )}
          {paymentModes.map((modalidad) => (
            <option key={modalidad} value={modalidad}>
              {modalidad}
            </option>
          ))}
        </TextField>
      </Grid>
      <Grid size={cell}>
        <TextField
          label="Método de Pago"
          select
          fullWidth
          disabled={disabled}
          value={selection.metodo}
          onChange={(event) => onChange({ metodo: event.target.value as MetodoPago })}
          slotProps={nativeSelect}
        >
          {PAYMENT_METHODS.map((metodo) => (
            <option key={metodo} value={metodo}>
              {metodo}
            </option>
          ))}
        </TextField>
      </Grid>
      {isFinanced && (
        <>
          <Grid size={cell}>
            <TextField
              label={instalmentsLabel}
              select
              fullWidth
              disabled={disabled}
              value={String(selection.cuotas)}
              onChange={(event) => onChange({ cuotas: Number(event.target.value) })}
              slotProps={nativeSelect}
            >
              {Array.from({ length: maxInstalments }, (_, index) => index + 1).map((cuotas) => (
                <option key={cuotas} value={cuotas}>
                  {cuotas}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={cell}>
            <TextField
              label="Pago Inicial"
              type="number"
              fullWidth
              disabled={disabled}
              value={selection.pagoInicial}
              onChange={(event) => onChange({ pagoInicial: event.target.value })}
              error={Boolean(initialPaymentError)}
              helperText={initialPaymentError}
              slotProps={{ htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' } }}
            />
          </Grid>
        </>
      )}
    </Grid>
  );
}
