import type { RouteObject } from 'react-router';
import { LoadingState } from '../../components/loading-state';

// The payment screens load on first visit; opening one by its address shows a spinner while its code arrives.
const whileLoading = { hydrateFallbackElement: <LoadingState /> };
const instalments = () => import('./instalments/instalments-page');
const collections = () => import('./collections/collections-page');

/** SPEC §2 Admin area: 'Historial de Cuotas' and 'Historial de ingresos' (Gestión de Pagos). */
export const paymentsAdminRoutes: RouteObject[] = [
  {
    path: 'gestionar-cuotas',
    ...whileLoading,
    lazy: () => instalments().then((module) => ({ Component: module.AdminInstalmentsPage })),
  },
  {
    path: 'historial-ingresos',
    ...whileLoading,
    lazy: () => import('./income/income-page').then((module) => ({ Component: module.IncomePage })),
  },
  // Issue 14 Cobranza: administrador and asistente (the area's roles) see every seller's contracts.
  {
    path: 'cobranza',
    ...whileLoading,
    lazy: () => collections().then((module) => ({ Component: module.AdminCollectionsPage })),
  },
];

/** SPEC §2 Sales area: 'Reporte de pagos', 'Reporte de cuotas' (the admin screen's twin) and the history. */
export const paymentsSalesRoutes: RouteObject[] = [
  {
    path: 'reporte-pagos',
    ...whileLoading,
    lazy: () =>
      import('./requests/payment-reports-page').then((module) => ({ Component: module.PaymentReportsPage })),
  },
  {
    path: 'reporte-cuotas',
    ...whileLoading,
    lazy: () => instalments().then((module) => ({ Component: module.SalesInstalmentsPage })),
  },
  {
    path: 'historial-pagos',
    ...whileLoading,
    lazy: () =>
      import('./history/payment-history-page').then((module) => ({ Component: module.PaymentHistoryPage })),
  },
  // Issue 14 Cobranza, the admin screen's twin: the server narrows a supervisor to their sellers, a vendedor to
  // their own contracts.
  {
    path: 'cobranza',
    ...whileLoading,
    lazy: () => collections().then((module) => ({ Component: module.SalesCollectionsPage })),
  },
];
