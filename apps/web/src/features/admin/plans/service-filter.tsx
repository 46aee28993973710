import { serviceLabel } from '@camposanto/domain';
import TextField from '@mui/material/TextField';

interface ServiceFilterProps {
  services: readonly string[];
  value: string;
  onChange: (service: string) => void;
}

/** Narrows the plans to one service ('' is every service). */
export function ServiceFilter({ services, value, onChange }: ServiceFilterProps) {
  return (
    <TextField
      label="Filtrar por servicio"
      select
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 240, mb: 2 }}
    >
      <option value="">Todos</option>
      {services.map((service) => (
        <option key={service} value={service}>
          {serviceLabel(service)}
        </option>
      ))}
    </TextField>
  );
}
