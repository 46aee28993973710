import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ParcelMapDialog } from './parcel-map-dialog';
import type { PlotLookupState } from './use-plot-lookup';

interface ParcelCodeFieldProps {
  lookup: PlotLookupState;
  /** Seats of this plot already in the budget. */
  seatsInBudget: number;
  disabled: boolean;
}

/** SPEC §2 Parcelas form: the parcel code, checked on blur, and the map image viewer. */
export function ParcelCodeField({ lookup, seatsInBudget, disabled }: ParcelCodeFieldProps) {
  const free = lookup.plot ? lookup.plot.disponible - seatsInBudget : 0;
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
        error={Boolean(lookup.formatError)}
        helperText={lookup.formatError}
        sx={{ minWidth: { sm: 280 } }}
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
      <div>
        <ParcelMapDialog />
      </div>
    </Stack>
  );
}
