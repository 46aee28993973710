import { AUDIT_ROLE_FILTERS, MSG, ROL_LABELS } from '@camposanto/domain';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { AuditFilters as Filters } from '../../../api/audit/get-audit-records';
import { DateInput } from '../../../components/date-input';

interface AuditFiltersProps {
  initial: Filters;
  onApply: (filters: Filters) => void;
}

/** SPEC §2 Admin screen 3: Desde, Hasta, Rol and 'Aplicar filtros'. */
export function AuditFilters({ initial, onApply }: AuditFiltersProps) {
  const [filters, setFilters] = useState(initial);
  const isRangeInverted = Boolean(filters.desde && filters.hasta && filters.desde > filters.hasta);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isRangeInverted) onApply(filters);
  }

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack
        component="form"
        onSubmit={submit}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <DateInput
          label="Desde"
          value={filters.desde}
          onChange={(desde) => setFilters({ ...filters, desde })}
          error={isRangeInverted}
          helperText={isRangeInverted ? MSG.rangoFechasInvalido : undefined}
        />
        <DateInput
          label="Hasta"
          value={filters.hasta}
          onChange={(hasta) => setFilters({ ...filters, hasta })}
        />
        <TextField
          label="Rol"
          select
          value={filters.rol}
          onChange={(event) => setFilters({ ...filters, rol: event.target.value })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="">Todos</option>
          {AUDIT_ROLE_FILTERS.map((rol) => (
            <option key={rol} value={rol}>
              {ROL_LABELS[rol]}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" startIcon={<FilterAltIcon />} sx={{ height: 56 }}>
          Aplicar filtros
        </Button>
      </Stack>
    </Paper>
  );
}
