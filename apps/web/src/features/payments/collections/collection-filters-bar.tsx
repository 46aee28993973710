import {
  COLLECTION_BUCKET_LABELS as BUCKET_LABELS,
  COLLECTION_BUCKETS as BUCKETS,
  SERVICE_LABELS,
} from '@camposanto/domain';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { CollectionFilters } from './collection-filters';

export interface FilterOption {
  value: string;
  label: string;
}

interface CollectionFiltersBarProps {
  filters: CollectionFilters;
  onChange: (filters: CollectionFilters) => void;
  /** Absent when the role is not offered the filter (a seller sees only their own contracts). */
  sellers?: readonly FilterOption[];
  supervisors?: readonly FilterOption[];
  actions?: ReactNode;
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      select
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ flex: '1 1 200px', minWidth: 180 }}
    >
      <option value="">Todos</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

const bucketOptions = BUCKETS.map((bucket) => ({ value: bucket, label: BUCKET_LABELS[bucket] }));
const serviceOptions = Object.entries(SERVICE_LABELS).map(([value, label]) => ({ value, label }));

/** Issue 14 Cobranza: Vendedor, Supervisor (office only), Antigüedad and Servicio; each applies at once. */
export function CollectionFiltersBar({
  filters,
  onChange,
  sellers,
  supervisors,
  actions,
}: CollectionFiltersBarProps) {
  const set = (key: keyof CollectionFilters) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <Paper variant="outlined" component="section" aria-label="Filtros" sx={{ p: 2, mb: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}
      >
        {supervisors && (
          <FilterSelect
            label="Supervisor"
            value={filters.supervisor_id}
            options={supervisors}
            onChange={set('supervisor_id')}
          />
        )}
        {sellers && (
          <FilterSelect
            label="Vendedor"
            value={filters.vendedor_id}
            options={sellers}
            onChange={set('vendedor_id')}
          />
        )}
        <FilterSelect
          label="Antigüedad"
          value={filters.tramo}
          options={bucketOptions}
          onChange={set('tramo')}
        />
        <FilterSelect
          label="Servicio"
          value={filters.servicio}
          options={serviceOptions}
          onChange={set('servicio')}
        />
        {actions && (
          <Stack direction="row" spacing={1} sx={{ ml: { md: 'auto' } }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
