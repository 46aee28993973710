import { formatAmount, formatUsd, serviceLabel, type DashboardSeries } from '@camposanto/domain';
import { useTheme } from '@mui/material/styles';
import { BarChart, type BarChartProps } from '@mui/x-charts/BarChart';
import { monthLabel } from './series-figures';

// Issue 15: the welcome pages' three charts (docs/decisions/009 and 030). This module is imported only with
// React.lazy, so the chart library loads after the welcome page and in no other screen's bundle. Each chart is
// described by its card's summary (`describedBy`) and carries beside it a table with the exact figures.

const HEIGHT = 260;
type ChartProps = { series: DashboardSeries; label: string; describedBy: string };

const amountAxis = [{ width: 72, valueFormatter: (value: number) => formatAmount(value) }];
const usd = (value: number | null) => (value === null ? '—' : formatUsd(value));

/** The frame the three charts share: a bar per month, named and described for screen readers, legend below. */
function MonthBars({
  label,
  describedBy,
  months,
  yAxis,
  series,
}: Omit<ChartProps, 'series'> & { months: string[] } & Pick<BarChartProps, 'yAxis' | 'series'>) {
  return (
    <BarChart
      height={HEIGHT}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      xAxis={[{ scaleType: 'band', data: months.map(monthLabel) }]}
      yAxis={yAxis}
      series={series}
      slotProps={{
        legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
      }}
    />
  );
}

/** Requests per month, one stacked bar per month with a segment per service. */
export function SalesChart({ series, label, describedBy }: ChartProps) {
  return (
    <MonthBars
      label={label}
      describedBy={describedBy}
      months={series.meses}
      yAxis={[{ width: 40, tickMinStep: 1 }]}
      series={series.ventas_por_servicio.map((service) => ({
        data: service.solicitudes,
        label: serviceLabel(service.tipo_servicio),
        stack: 'solicitudes',
      }))}
    />
  );
}

/** Income per month, in dollars: what was paid in dollars and, stacked on it, the bolívares at their rates. */
export function IncomeChart({ series, label, describedBy }: ChartProps) {
  const { palette } = useTheme();
  const months = series.ingresos_por_moneda;
  return (
    <MonthBars
      label={label}
      describedBy={describedBy}
      months={months.map((month) => month.mes)}
      yAxis={amountAxis}
      series={[
        {
          data: months.map((month) => month.usd),
          label: 'USD',
          stack: 'ingresos',
          color: palette.success.main,
          valueFormatter: usd,
        },
        {
          data: months.map((month) => month.bolivares_en_usd),
          label: 'VES (en USD a la tasa de cada pago)',
          stack: 'ingresos',
          color: palette.info.main,
          valueFormatter: usd,
        },
      ]}
    />
  );
}

/** Instalments per month of their due date: the amount due beside what of it was paid and what is overdue. */
export function InstalmentsChart({ series, label, describedBy }: ChartProps) {
  const { palette } = useTheme();
  const months = series.cuotas_por_mes;
  return (
    <MonthBars
      label={label}
      describedBy={describedBy}
      months={months.map((month) => month.mes)}
      yAxis={amountAxis}
      series={[
        {
          data: months.map((month) => month.monto_vencen),
          label: 'Vencen',
          color: palette.warning.main,
          valueFormatter: usd,
        },
        {
          data: months.map((month) => month.monto_pagadas),
          label: 'Pagadas',
          color: palette.success.main,
          valueFormatter: usd,
        },
        {
          data: months.map((month) => month.monto_vencidas),
          label: 'Vencidas',
          color: palette.error.main,
          valueFormatter: usd,
        },
      ]}
    />
  );
}
