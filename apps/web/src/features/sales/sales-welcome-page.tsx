import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDashboardSeries } from '../../api/dashboard/get-dashboard-series';
import { DashboardSeriesCards } from '../../components/dashboard-series/dashboard-series-cards';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';

const base = '/ventas';

/** Issue 15: the sales lists the charts lead to, named as the sales menu names them. */
const CHART_LINKS = {
  ventas: { to: `${base}/solicitudes`, label: 'Ver Solicitudes' },
  ingresos: { to: `${base}/historial-pagos`, label: 'Ver Historial de Pagos' },
  cuotas: { to: `${base}/reporte-cuotas`, label: 'Ver Reporte de Cuotas' },
};

/** What the charts cover: the server narrows them to the user's reach (lib/seller-scope.ts). */
function scopeOf(rol: string | undefined): string {
  if (rol === 'vendedor') return 'Sus ventas de los últimos 12 meses.';
  if (rol === 'supervisor') return 'Las ventas de su equipo y las suyas, de los últimos 12 meses.';
  return 'Las ventas de todos los vendedores, de los últimos 12 meses.';
}

/** SPEC §2 Sales area: index (welcome text), and since issue 15 the charts of the user's sales. */
export function SalesWelcomePage() {
  const session = useSession();
  const series = useDashboardSeries();
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <PageTitle>Bienvenido al Módulo de Ventas</PageTitle>
        {session && <Typography variant="h2">Hola, {session.usuario}.</Typography>}
        <Typography color="text.secondary">
          Desde el menú puede registrar solicitudes de productos y servicios, reportar pagos y gestionar sus
          clientes.
        </Typography>
        <Typography color="text.secondary">{scopeOf(session?.rol)}</Typography>
      </Stack>
      <DashboardSeriesCards series={series.data} isError={series.isError} links={CHART_LINKS} />
    </Stack>
  );
}
