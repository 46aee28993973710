import { DASHBOARD_MESSAGES, type DashboardSeries } from '@camposanto/domain';
import Grid from '@mui/material/Grid';
import { lazy } from 'react';
import { ChartCard } from './chart-card';
import { incomeFigures, instalmentFigures, salesFigures } from './series-figures';

// The chart library arrives with the first chart, after the welcome page: one module for the three charts,
// asked for once.
const loadCharts = () => import('./series-charts');
let chartsModule: ReturnType<typeof loadCharts> | undefined;
const charts = () => (chartsModule ??= loadCharts());
const SalesChart = lazy(() => charts().then((module) => ({ default: module.SalesChart })));
const IncomeChart = lazy(() => charts().then((module) => ({ default: module.IncomeChart })));
const InstalmentsChart = lazy(() => charts().then((module) => ({ default: module.InstalmentsChart })));

type CardLink = { to: string; label: string };

export interface DashboardSeriesCardsProps {
  series: DashboardSeries | undefined;
  isError: boolean;
  /** The lists each card leads to, in the area of the page. */
  links: { ventas: CardLink; ingresos: CardLink; cuotas: CardLink };
}

const TITLES = {
  ventas: 'Solicitudes por servicio',
  ingresos: 'Ingresos por moneda',
  cuotas: 'Cuotas por mes de vencimiento',
} as const;

/** Issue 15: the welcome pages' charts over the last 12 months, within what the user reaches. */
export function DashboardSeriesCards({ series, isError, links }: DashboardSeriesCardsProps) {
  const card = { isError };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          {...card}
          title={TITLES.ventas}
          description="Solicitudes creadas cada mes (sin las caducadas), por servicio."
          link={links.ventas}
          emptyText={DASHBOARD_MESSAGES.sinVentas}
          figures={series && salesFigures(series)}
          chart={(describedBy) =>
            series && (
              <SalesChart series={series} label={`Gráfico: ${TITLES.ventas}`} describedBy={describedBy} />
            )
          }
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          {...card}
          title={TITLES.ingresos}
          description="Pagos de cada mes, sin los rechazados: en dólares y en bolívares, estos a la tasa de cada pago."
          link={links.ingresos}
          emptyText={DASHBOARD_MESSAGES.sinIngresos}
          figures={series && incomeFigures(series)}
          chart={(describedBy) =>
            series && (
              <IncomeChart series={series} label={`Gráfico: ${TITLES.ingresos}`} describedBy={describedBy} />
            )
          }
        />
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          {...card}
          title={TITLES.cuotas}
          description="Monto de las cuotas que vencen cada mes, de ellas las pagadas y las vencidas sin pagar."
          link={links.cuotas}
          emptyText={DASHBOARD_MESSAGES.sinCuotas}
          figures={series && instalmentFigures(series)}
          chart={(describedBy) =>
            series && (
              <InstalmentsChart
                series={series}
                label={`Gráfico: ${TITLES.cuotas}`}
                describedBy={describedBy}
              />
            )
          }
        />
      </Grid>
    </Grid>
  );
}
