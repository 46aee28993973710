import { REQUEST_MESSAGES } from '@camposanto/domain';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SALES_MESSAGES } from '../messages';
import { ParcelMapDialog } from './parcel-map-dialog';
import type { PlotLookupState } from './use-plot-lookup';

interface ParcelCodeFieldProps {
  lookup: PlotLookupState;
  /** Seats of this plot already in the budget. */
  seatsInBudget: number;
  disabled: boolean;
}

/** What the field says of a code not in the inventory (issue 10): who may register it, or whom to ask. */
function unknownCodeText(lookup: PlotLookupState): string | undefined {
  if (!lookup.unknownCode) return undefined;
  return lookup.canRegister
    ? SALES_MESSAGES.parcelaNoEncontrada(lookup.unknownCode)
    : REQUEST_MESSAGES.parcelaNoRegistrada(lookup.unknownCode);
}

/** SPEC §2 Parcelas form: the parcel code, checked on blur, and the map image viewer. */
export function ParcelCodeField({ lookup, seatsInBudget, disabled }: ParcelCodeFieldProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const free = lookup.plot ? lookup.plot.disponible - seatsInBudget : 0;
  const notice = lookup.formatError ?? unknownCodeText(lookup);
  const isRefused = Boolean(lookup.formatError) || Boolean(lookup.unknownCode && !lookup.canRegister);

  async function register() {
    await lookup.register();
    setIsConfirming(false);
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label="Código de Parcela"
        required
        value={lookup.input}
        disabled={disabled}
        onChange={(event) => lookup.edit(event.target.value)}
        onBlur={() => void lookup.check()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void lookup.check();
          }
        }}
        error={isRefused}
        helperText={notice}
        sx={{ minWidth: { sm: 280 }, maxWidth: { sm: 420 } }}
        slotProps={{
          input: {
            endAdornment: lookup.isChecking ? (
              <InputAdornment position="end">
                <CircularProgress size={20} aria-label="Verificando parcela..." />
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      {lookup.plot && (
        <Chip
          icon={<CheckCircleIcon />}
          color={free > 0 ? 'success' : 'warning'}
          label={`Puestos disponibles: ${Math.max(free, 0)}`}
          sx={{ mt: { sm: 1 } }}
        />
      )}
      {lookup.unknownCode && lookup.canRegister && (
        <BusyButton
          variant="outlined"
          isBusy={lookup.isRegistering}
          icon={<AddLocationAltIcon />}
          disabled={disabled}
          onClick={() => setIsConfirming(true)}
          sx={{ mt: { sm: 1 } }}
        >
          Registrar parcela
        </BusyButton>
      )}
      <div>
        <ParcelMapDialog
          onPick={(codigo) => {
            lookup.edit(codigo);
            void lookup.check(codigo);
          }}
        />
      </div>
      {lookup.unknownCode && (
        <ConfirmDialog
          open={isConfirming}
          title="Registrar parcela"
          message={SALES_MESSAGES.confirmarRegistroParcela(lookup.unknownCode)}
          confirmLabel="Registrar parcela"
          isBusy={lookup.isRegistering}
          onConfirm={() => void register()}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </Stack>
  );
}
