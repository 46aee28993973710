import {
  COLLECTION_BUCKET_LABELS as BUCKET_LABELS,
  COLLECTION_BUCKETS as BUCKETS,
  formatAmount,
  formatUsd,
  type CollectionTotals,
} from '@camposanto/domain';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { COLLECTION_SCREEN_MESSAGES } from '../shared/collection-messages';

/**
 * Issue 14 Cobranza: the bucket totals as bars (docs/decisions/009). This module is loaded only by the Cobranza
 * screen (React.lazy), so the chart library is in no other screen's bundle; the cards above carry the exact
 * amounts, which is also what screen readers use.
 */
export default function BucketChart({ totals }: { totals: CollectionTotals }) {
  const { palette } = useTheme();
  const labels = BUCKETS.map((bucket) => BUCKET_LABELS[bucket]);
  // The cards' colours: the older the debt, the darker the bar.
  const colors = [palette.info.main, palette.warning.main, palette.error.light, palette.error.dark];
  return (
    <BarChart
      height={220}
      aria-label="Gráfico del monto vencido por antigüedad"
      xAxis={[{ scaleType: 'band', data: labels, colorMap: { type: 'ordinal', values: labels, colors } }]}
      yAxis={[{ width: 80, valueFormatter: (value: number) => formatAmount(value) }]}
      series={[
        {
          data: BUCKETS.map((bucket) => totals[bucket]),
          label: 'Monto vencido (USD)',
          valueFormatter: (value) => (value === null ? '—' : formatUsd(value)),
        },
      ]}
      hideLegend
      localeText={{ noData: COLLECTION_SCREEN_MESSAGES.sinCuotasVencidas, loading: 'Cargando…' }}
    />
  );
}
