import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { PLAN_SERVICES } from './plan-services';

interface ServiceSelectProps {
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** Issue 15: the service of the next line of the generic request screen; its plans load once chosen. */
export function ServiceSelect({ value, disabled, onChange }: ServiceSelectProps) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          label="Servicio"
          select
          required
          fullWidth
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            Seleccione un servicio
          </option>
          {PLAN_SERVICES.map((service) => (
            <option key={service.value} value={service.value}>
              {service.label}
            </option>
          ))}
        </TextField>
      </Grid>
    </Grid>
  );
}
