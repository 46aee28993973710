import { formatUsd, type Dashboard } from '@camposanto/domain';

export interface DashboardFigure {
  label: string;
  value: string;
  /** A second figure under the value, such as the verified part of the income. */
  detail?: string;
}

/** SPEC §2 Admin area: the four welcome cards. */
export function dashboardFigures(dashboard: Dashboard): DashboardFigure[] {
  return [
    // Requests that have not (yet) become contracts.
    { label: 'Solicitudes Creadas', value: String(dashboard.solicitudes - dashboard.contratos) },
    { label: 'Contratos Activos', value: String(dashboard.contratos) },
    { label: 'Solicitudes Caducadas', value: String(dashboard.solicitudes_caducadas) },
    {
      label: 'Total Ingresos (USD)',
      value: formatUsd(dashboard.total_ingresos),
      // Issue 14 §3: reported payments count until rejected; the verified part is shown beside them.
      detail:
        typeof dashboard.total_verificado === 'number'
          ? `Verificado: ${formatUsd(dashboard.total_verificado)}`
          : undefined,
    },
  ];
}
