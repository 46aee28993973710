import { formatUsd, type Dashboard } from '@camposanto/domain';

export interface DashboardFigure {
  label: string;
  value: string;
  /** A second figure under the value, such as the verified part of the income. */
  detail?: string;
  /** Issue 15: the list the card leads to, and the link's text. */
  link: { to: string; label: string };
}

const base = '/administracion';

/** Issue 15: the lists of the admin menu the welcome cards and charts lead to, named as the menu names them. */
export const ADMIN_LISTS = {
  solicitudes: { to: `${base}/gestionar-solicitudes`, label: 'Ver Convertir Solicitudes a Contratos' },
  contratos: { to: `${base}/gestionar-contratos`, label: 'Ver Contratos Activos' },
  caducadas: { to: `${base}/gestionar-solicitudes-caducadas`, label: 'Ver Solicitudes Caducadas' },
  ingresos: { to: `${base}/historial-ingresos`, label: 'Ver Historial de Ingresos' },
  cuotas: { to: `${base}/gestionar-cuotas`, label: 'Ver Historial de Cuotas' },
} as const;

/**
 * The four cards while the dashboard loads: their labels and links, with placeholder values (a detail line is
 * kept for the income card, which usually has one), shown as skeletons.
 */
export const LOADING_FIGURES: readonly DashboardFigure[] = [
  { label: 'Solicitudes Creadas', value: '', link: ADMIN_LISTS.solicitudes },
  { label: 'Contratos Activos', value: '', link: ADMIN_LISTS.contratos },
  { label: 'Solicitudes Caducadas', value: '', link: ADMIN_LISTS.caducadas },
  { label: 'Total Ingresos (USD)', value: '', detail: '', link: ADMIN_LISTS.ingresos },
];

/** SPEC §2 Admin area: the four welcome cards. */
export function dashboardFigures(dashboard: Dashboard): DashboardFigure[] {
  return [
    // Requests that have not (yet) become contracts.
    {
      label: 'Solicitudes Creadas',
      value: String(dashboard.solicitudes - dashboard.contratos),
      link: ADMIN_LISTS.solicitudes,
    },
    { label: 'Contratos Activos', value: String(dashboard.contratos), link: ADMIN_LISTS.contratos },
    {
      label: 'Solicitudes Caducadas',
      value: String(dashboard.solicitudes_caducadas),
      link: ADMIN_LISTS.caducadas,
    },
    {
      label: 'Total Ingresos (USD)',
      value: formatUsd(dashboard.total_ingresos),
      // Issue 14 §3: reported payments count until rejected; the verified part is shown beside them.
      detail:
        typeof dashboard.total_verificado === 'number'
          ? `Verificado: ${formatUsd(dashboard.total_verificado)}`
          : undefined,
      link: ADMIN_LISTS.ingresos,
    },
  ];
}
