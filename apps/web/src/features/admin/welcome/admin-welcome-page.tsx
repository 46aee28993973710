import { MSG } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDashboard } from '../../../api/dashboard/get-dashboard';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { PageTitle } from '../../../components/page-title';
import { DashboardCards } from './dashboard-cards';
import { dashboardFigures } from './dashboard-figures';

/** SPEC §2 Admin area: the welcome screen. Load failures are announced by the query (SPEC §8). */
export function AdminWelcomePage() {
  const dashboard = useDashboard();
  return (
    <Stack spacing={3}>
      <div>
        <PageTitle>Bienvenido al Módulo Administrativo</PageTitle>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Aquí podrás gestionar todos los servicios.
        </Typography>
      </div>
      {dashboard.isPending ? (
        <LoadingState />
      ) : dashboard.isError ? (
        <EmptyState>{MSG.noSePudieronCargar}</EmptyState>
      ) : (
        <DashboardCards figures={dashboardFigures(dashboard.data)} />
      )}
    </Stack>
  );
}
