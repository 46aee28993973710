import { MSG } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDashboard } from '../../../api/dashboard/get-dashboard';
import { useDashboardSeries } from '../../../api/dashboard/get-dashboard-series';
import { DashboardSeriesCards } from '../../../components/dashboard-series/dashboard-series-cards';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { DashboardCards } from './dashboard-cards';
import { ADMIN_LISTS, dashboardFigures, LOADING_FIGURES } from './dashboard-figures';

const CHART_LINKS = {
  ventas: ADMIN_LISTS.solicitudes,
  ingresos: ADMIN_LISTS.ingresos,
  cuotas: ADMIN_LISTS.cuotas,
};

/** SPEC §2 Admin area: the welcome screen. Load failures are announced by the query (SPEC §8). */
export function AdminWelcomePage() {
  const dashboard = useDashboard();
  // Issue 15: the whole office's last 12 months.
  const series = useDashboardSeries();
  return (
    <Stack spacing={3}>
      <div>
        <PageTitle>Bienvenido al Módulo Administrativo</PageTitle>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Aquí podrás gestionar todos los servicios.
        </Typography>
      </div>
      {dashboard.isPending ? (
        <DashboardCards figures={LOADING_FIGURES} isLoading />
      ) : dashboard.isError ? (
        <EmptyState>{MSG.noSePudieronCargar}</EmptyState>
      ) : (
        <DashboardCards figures={dashboardFigures(dashboard.data)} />
      )}
      <DashboardSeriesCards series={series.data} isError={series.isError} links={CHART_LINKS} />
    </Stack>
  );
}
