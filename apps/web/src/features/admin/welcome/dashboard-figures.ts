import { formatUsd, type Dashboard } from '@camposanto/domain';

export interface DashboardFigure {
  label: string;
  value: string;
}

/** SPEC §2 Admin area: the four welcome cards. */
export function dashboardFigures(dashboard: Dashboard): DashboardFigure[] {
  return [
    // Requests that have not (yet) become contracts.
    { label: 'Solicitudes Creadas', value: String(dashboard.solicitudes - dashboard.contratos) },
    { label: 'Contratos Activos', value: String(dashboard.contratos) },
    { label: 'Solicitudes Caducadas', value: String(dashboard.solicitudes_caducadas) },
    { label: 'Total Ingresos (USD)', value: formatUsd(dashboard.total_ingresos) },
  ];
}
