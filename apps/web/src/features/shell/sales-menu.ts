import AssignmentIcon from '@mui/icons-material/Assignment';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalFloristIcon from '@mui/icons-material/LocalFlorist';
import PaymentsIcon from '@mui/icons-material/Payments';
import { SELLER_LIST_ROLES, type Rol } from '@camposanto/domain';
import type { MenuGroup } from './menu-types';

const base = '/ventas';

/** SPEC §2 Sales area: the menu links, as the given role sees them. */
export function salesMenuFor(rol: Rol): MenuGroup[] {
  return [
    {
      label: 'Productos',
      Icon: Inventory2Icon,
      entries: [
        { label: 'Parcelas', to: `${base}/contrato/parcelas` },
        { label: 'Nichos de Columbarios', to: `${base}/contrato/nichos-columbarios` },
        { label: 'Nichos de Ataúd', to: `${base}/contrato/nichos-ataud` },
      ],
    },
    {
      label: 'Servicios',
      Icon: LocalFloristIcon,
      entries: [
        { label: 'Cremación', to: `${base}/contrato/cremacion` },
        { label: 'Honra de Exequias', to: `${base}/contrato/honra-exequias` },
        { label: 'Inhumación de Parcelas', to: `${base}/contrato/inhumacion-parcelas` },
        { label: 'Plan Funerario', to: `${base}/contrato/plan-funerario` },
        { label: 'Previsivo', to: `${base}/contrato/previsivo` },
        // Issue 15: a form of SPEC §2 the spec's menu omits, listed so it can be reached without typing its address.
        { label: 'Servicio Funerario', to: `${base}/contrato/servicio-funerario` },
      ],
    },
    {
      label: 'Gestión de Pagos',
      Icon: PaymentsIcon,
      entries: [
        { label: 'Reporte de Pagos', to: `${base}/reporte-pagos` },
        { label: 'Reporte de Cuotas', to: `${base}/reporte-cuotas` },
        // A route of SPEC §2 the spec's menu omits: listed so it can be reached without typing its address.
        { label: 'Historial de Pagos', to: `${base}/historial-pagos` },
        // Issue 14: the overdue instalments of the seller's (or the supervisor's team's) contracts.
        { label: 'Cobranza', to: `${base}/cobranza` },
      ],
    },
    {
      label: 'Gestión de Ventas',
      Icon: AssignmentIcon,
      entries: [
        { label: 'Solicitudes', to: `${base}/solicitudes` },
        { label: 'Contratos', to: `${base}/contratos` },
        ...(SELLER_LIST_ROLES.includes(rol) ? [{ label: 'Vendedores', to: `${base}/vendedores` }] : []),
      ],
    },
    {
      label: 'Gestión de Clientes',
      Icon: FolderSharedIcon,
      entries: [
        { label: 'Subir Documento', to: `${base}/subir-documento` },
        { label: 'Subir Documento Familiar', to: `${base}/subir-documento-familiar` },
        { label: 'Autorizados', to: `${base}/autorizados` },
      ],
    },
    {
      label: 'Ayuda',
      Icon: HelpOutlineIcon,
      entries: [{ label: 'Preguntas Frecuentes', to: `${base}/ayuda` }],
    },
  ];
}
