import { formatUsd, fromCents, PARENTESCOS } from '@camposanto/domain';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DateInput } from '../../../components/date-input';
import { relativeAge, type RelativeDraft, type RelativePrice } from './relatives';

interface RelativeRowProps {
  index: number;
  relative: RelativeDraft;
  price: RelativePrice | undefined;
  disabled: boolean;
  onChange: (patch: Partial<RelativeDraft>) => void;
  onRemove: () => void;
}

/** SPEC §3 Familiar form: nombre, cédula, fecha de nacimiento, edad (computed), parentesco and precio. */
export function RelativeRow({ index, relative, price, disabled, onChange, onRemove }: RelativeRowProps) {
  const age = relativeAge(relative);
  const label = `Familiar ${index + 1}`;
  return (
    <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }} aria-label={label}>
      <Typography component="legend" sx={{ px: 0.5, fontWeight: 700 }}>
        {label}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="Nombre"
            required
            fullWidth
            disabled={disabled}
            value={relative.nombre}
            onChange={(event) => onChange({ nombre: event.target.value })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            label="Cédula"
            fullWidth
            disabled={disabled}
            value={relative.cedula}
            onChange={(event) => onChange({ cedula: event.target.value })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <DateInput
            label="Fecha de Nacimiento"
            required
            fullWidth
            disabled={disabled}
            value={relative.fecha_nacimiento}
            onChange={(value) => onChange({ fecha_nacimiento: value })}
          />
        </Grid>
        <Grid size={{ xs: 4, md: 2 }}>
          <TextField
            label="Edad"
            fullWidth
            value={age ?? ''}
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: age !== undefined } }}
          />
        </Grid>
        <Grid size={{ xs: 8, md: 4 }}>
          <TextField
            label="Parentesco"
            select
            required
            fullWidth
            disabled={disabled}
            value={relative.parentesco}
            onChange={(event) => onChange({ parentesco: event.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" disabled>
              Seleccione
            </option>
            {Object.entries(PARENTESCOS).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            label="Precio"
            fullWidth
            value={price?.monto !== undefined ? formatUsd(fromCents(price.monto)) : ''}
            error={Boolean(price?.error)}
            helperText={price?.error}
            slotProps={{
              htmlInput: { readOnly: true },
              inputLabel: { shrink: price?.monto !== undefined },
              input: {
                endAdornment: price?.isLoading ? (
                  <InputAdornment position="end">
                    <CircularProgress size={18} aria-label="Calculando precio..." />
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Button color="error" startIcon={<PersonRemoveIcon />} disabled={disabled} onClick={onRemove}>
            Eliminar Familiar
          </Button>
        </Grid>
      </Grid>
    </Paper>
  );
}
