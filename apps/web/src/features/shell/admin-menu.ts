import AssignmentIcon from '@mui/icons-material/Assignment';
import CategoryIcon from '@mui/icons-material/Category';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import type { MenuGroup } from './menu-types';

const base = '/administracion';

/** Issue 14 §3: the verification queue, whose entry shows how many payments wait for a decision. */
export const VERIFICATION_MENU_PATH = `${base}/verificacion-pagos`;

/**
 * SPEC §2 Admin area: the four groups of the side menu, in the spec's order. Auditoría, the two
 * payment histories and the money settings (issue 10) are admin routes the spec's menu omits; they follow
 * the spec's entries so that every screen can be reached without typing its address.
 */
export const ADMIN_MENU: readonly MenuGroup[] = [
  {
    label: 'Gestión Usuarios',
    Icon: PeopleIcon,
    entries: [
      { label: 'Gestionar Usuarios', to: `${base}/gestionar-usuarios` },
      { label: 'Gestionar Vendedores', to: `${base}/gestionar-vendedores` },
      { label: 'Auditoría', to: `${base}/auditoria` },
    ],
  },
  {
    label: 'Gestión de Contratos',
    Icon: AssignmentIcon,
    entries: [
      { label: 'Convertir Solicitudes a Contratos', to: `${base}/gestionar-solicitudes` },
      { label: 'Contratos Activos', to: `${base}/gestionar-contratos` },
      { label: 'Solicitudes Caducadas', to: `${base}/gestionar-solicitudes-caducadas` },
    ],
  },
  {
    label: 'Gestión de Pagos',
    Icon: PaymentsIcon,
    entries: [
      { label: 'Historial de Cuotas', to: `${base}/gestionar-cuotas` },
      { label: 'Historial de Ingresos', to: `${base}/historial-ingresos` },
      { label: 'Pagos de Contado', to: `${base}/historial-pagos-contado` },
      { label: 'Pagos Financiados', to: `${base}/historial-pagos-financiados` },
      // Issue 14: overdue instalments and reminders.
      { label: 'Cobranza', to: `${base}/cobranza` },
      // Issue 14: reported payments wait for the office to check their receipts.
      { label: 'Verificación de pagos', to: VERIFICATION_MENU_PATH },
      // Issue 10: the office's money settings; issue 14: the company's letterhead beside the receiving accounts.
      { label: 'Tasa de cambio', to: `${base}/tasa-cambio` },
      { label: 'Configuración', to: `${base}/configuracion` },
    ],
  },
  {
    label: 'Gestión de Planes',
    Icon: CategoryIcon,
    entries: [
      { label: 'Planes', to: `${base}/gestionar-planes` },
      { label: 'Parcelas', to: `${base}/gestionar-parcelas` },
      // Issue 15: the plot and niche inventory drawn by state.
      { label: 'Mapa del inventario', to: `${base}/mapa-parcelas` },
      { label: 'Columbarios', to: `${base}/gestionar-columbarios` },
      { label: 'Planes Funerarios', to: `${base}/gestionar-planes-funerarios` },
    ],
  },
];
