import { formatAmount, formatRate, type RateHistoryEntry } from '@camposanto/domain';
import { LineChart } from '@mui/x-charts/LineChart';
import dayjs from 'dayjs';

/**
 * Issue 10: the rate over time (docs/decisions/009). A rate stays in force until the next one, hence the steps.
 * This module is loaded only by the Tasa de cambio page (React.lazy), so the chart library is in no other bundle.
 */
export default function RateHistoryChart({
  entries,
  desde,
  hasta,
}: {
  entries: readonly RateHistoryEntry[];
  /** The filter's dates: the time axis spans them, so the chart shows the period asked for. */
  desde: string;
  hasta: string;
}) {
  return (
    <LineChart
      height={280}
      aria-label="Gráfico de la tasa de cambio"
      xAxis={[
        {
          scaleType: 'time',
          data: entries.map((entry) => new Date(entry.fecha)),
          min: desde ? dayjs(desde).startOf('day').toDate() : undefined,
          max: hasta ? dayjs(hasta).endOf('day').toDate() : undefined,
          valueFormatter: (date: Date, context) =>
            dayjs(date).format(context.location === 'tick' ? 'DD/MM' : 'DD/MM/YYYY HH:mm'),
        },
      ]}
      yAxis={[{ width: 80, valueFormatter: (value: number) => formatAmount(value) }]}
      series={[
        {
          data: entries.map((entry) => entry.promedio),
          label: 'Bs. por dólar',
          curve: 'stepAfter',
          valueFormatter: (value) => (value === null ? '—' : formatRate(value)),
        },
      ]}
      localeText={{ noData: 'No hay tasas registradas en estas fechas.', loading: 'Cargando…' }}
    />
  );
}
