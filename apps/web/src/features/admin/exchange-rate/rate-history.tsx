import {
  formatRate,
  RATE_HISTORY_DEFAULT_DAYS,
  SETTINGS_MESSAGES,
  type RateHistoryEntry,
} from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useRateHistory } from '../../../api/exchange-rate/get-rate-history';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DateInput } from '../../../components/date-input';
import { LoadingState } from '../../../components/loading-state';
import { formatDateTime, SOURCE_LABELS } from './current-rate';

// The chart library is loaded with this screen's chart only (docs/decisions/009).
const RateHistoryChart = lazy(() => import('./rate-history-chart'));

const columns: DataTableColumn<RateHistoryEntry>[] = [
  { key: 'fecha', header: 'Fecha', render: (entry) => formatDateTime(entry.fecha), noWrap: true },
  { key: 'promedio', header: 'Tasa', align: 'right', render: (entry) => formatRate(entry.promedio) },
  { key: 'fuente', header: 'Fuente', render: (entry) => SOURCE_LABELS[entry.fuente] },
  {
    key: 'usuario',
    header: 'Fijada por',
    render: (entry) => entry.usuario ?? (entry.fuente === 'oficial' ? 'Servicio oficial' : '—'),
  },
];

export const defaultRange = () => ({
  desde: dayjs().subtract(RATE_HISTORY_DEFAULT_DAYS, 'day').format('YYYY-MM-DD'),
  hasta: dayjs().format('YYYY-MM-DD'),
});

/** Issue 10: the history of the rate between two dates (the last 90 days by default), as a chart and a table. */
export function RateHistory() {
  const [range, setRange] = useState(defaultRange);
  const isInverted = Boolean(range.desde && range.hasta && range.desde > range.hasta);
  const history = useRateHistory(range, { enabled: !isInverted });
  const entries = history.data ?? [];
  // Newest first in the table; the chart reads left to right.
  const newestFirst = [...entries].reverse();

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Historial de la tasa">
      <Typography variant="h6" component="h2" gutterBottom>
        Historial
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <DateInput
          label="Desde"
          value={range.desde}
          onChange={(desde) => setRange((current) => ({ ...current, desde }))}
        />
        <DateInput
          label="Hasta"
          value={range.hasta}
          onChange={(hasta) => setRange((current) => ({ ...current, hasta }))}
        />
      </Stack>
      {isInverted ? (
        <Alert severity="warning">{SETTINGS_MESSAGES.rangoFechas}</Alert>
      ) : (
        <>
          {entries.length > 0 && (
            <Suspense fallback={<LoadingState />}>
              <RateHistoryChart entries={entries} desde={range.desde} hasta={range.hasta} />
            </Suspense>
          )}
          <DataTable
            label="Historial de la tasa de cambio"
            columns={columns}
            rows={newestFirst}
            rowKey={(entry) => `${entry.fecha}-${entry.promedio}-${entry.fuente}`}
            emptyText={SETTINGS_MESSAGES.sinHistorialTasa}
            isLoading={history.isPending}
            pagination={{ mode: 'client', pageSizes: [10, 25, 50] }}
          />
        </>
      )}
    </Paper>
  );
}
