import { INCOME_MESSAGES, INCOME_MODALIDAD_FILTERS } from '@camposanto/domain';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { IncomeFilters as Filters } from '../../../api/income/get-income-summary';
import { DateInput } from '../../../components/date-input';
import { useSellers } from '../../../api/sellers/get-sellers';

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

export const isRangeInverted = (filters: Filters) =>
  Boolean(filters.startDate && filters.endDate && filters.startDate > filters.endDate);

/**
 * SPEC §2 Admin screen 9 filters: Supervisor; Vendedor, enabled only once a supervisor is chosen and listing
 * that supervisor's sellers; Modalidad; Fecha Inicio and Fecha Fin. Each change applies at once.
 */
export function IncomeFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  const directory = useSellers();
  const supervisors = directory.data?.usuarios ?? [];
  const sellers = (directory.data?.vendedores ?? []).filter(
    (seller) => filters.supervisorId !== '' && seller.supervisor_id === Number(filters.supervisorId),
  );
  const change = (fields: Partial<Filters>) => onChange({ ...filters, ...fields });

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          label="Supervisor"
          select
          value={filters.supervisorId}
          onChange={(event) => change({ supervisorId: event.target.value, sellerId: '' })}
          slotProps={nativeSelect}
          sx={{ minWidth: 220 }}
        >
          <option value="">Todos</option>
          {supervisors.map((supervisor) => (
            <option key={supervisor.id} value={String(supervisor.id)}>
              {supervisor.username}
            </option>
          ))}
        </TextField>
        <TextField
          label="Vendedor"
          select
          value={filters.sellerId}
          disabled={filters.supervisorId === ''}
          onChange={(event) => change({ sellerId: event.target.value })}
          slotProps={nativeSelect}
          sx={{ minWidth: 220 }}
        >
          <option value="">Todos</option>
          {sellers.map((seller) => (
            <option key={seller.id} value={String(seller.id)}>
              {seller.nombre}
            </option>
          ))}
        </TextField>
        <TextField
          label="Modalidad"
          select
          value={filters.modalidad}
          onChange={(event) => change({ modalidad: event.target.value })}
          slotProps={nativeSelect}
          sx={{ minWidth: 180 }}
        >
          {INCOME_MODALIDAD_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
        <DateInput
          label="Fecha Inicio"
          value={filters.startDate}
          onChange={(startDate) => change({ startDate })}
          error={isRangeInverted(filters)}
          helperText={isRangeInverted(filters) ? INCOME_MESSAGES.rangoFechasInvalido : undefined}
        />
        <DateInput label="Fecha Fin" value={filters.endDate} onChange={(endDate) => change({ endDate })} />
      </Stack>
    </Paper>
  );
}
