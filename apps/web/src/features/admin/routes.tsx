import { ADMIN_ROLES } from '@camposanto/domain';
import type { RouteObject } from 'react-router';
import { dashboardQuery } from '../../api/dashboard/get-dashboard';
import { prefetchLoader } from '../../app/prefetch-loader';
import { LoadingState } from '../../components/loading-state';

// Screens load on first visit, so signing in does not wait for every form and table of the area.
// Opening one by its address shows the area's frame with a spinner while its code arrives.
const whileLoading = { hydrateFallbackElement: <LoadingState /> };

export const adminRoutes: RouteObject[] = [
  {
    index: true,
    ...whileLoading,
    // The welcome page's figures are asked for while its code downloads (docs/decisions/037). The charts' query
    // comes with that code (their domain module brings zod): asked as soon as it arrives, before the first render.
    loader: prefetchLoader(ADMIN_ROLES, (client) => {
      void client.prefetchQuery(dashboardQuery);
      void import('../../api/dashboard/get-dashboard-series').then((module) =>
        client.prefetchQuery(module.dashboardSeriesQuery),
      );
    }),
    lazy: () =>
      import('./welcome/admin-welcome-page').then((module) => ({ Component: module.AdminWelcomePage })),
  },
  {
    path: 'mapa-parcelas',
    ...whileLoading,
    lazy: () =>
      import('./inventory-map/inventory-map-page').then((module) => ({ Component: module.InventoryMapPage })),
  },
  {
    path: 'gestionar-usuarios',
    ...whileLoading,
    lazy: () => import('./users/users-page').then((module) => ({ Component: module.UsersPage })),
  },
  {
    path: 'gestionar-vendedores',
    ...whileLoading,
    lazy: () =>
      import('./sellers/manage-sellers-page').then((module) => ({ Component: module.ManageSellersPage })),
  },
  {
    path: 'auditoria',
    ...whileLoading,
    lazy: () => import('./audit/audit-page').then((module) => ({ Component: module.AuditPage })),
  },
  {
    path: 'gestionar-solicitudes',
    ...whileLoading,
    lazy: () =>
      import('./contracts/requests-to-convert-page').then((module) => ({
        Component: module.RequestsToConvertPage,
      })),
  },
  {
    path: 'gestionar-contratos',
    ...whileLoading,
    lazy: () =>
      import('./contracts/active-contracts-page').then((module) => ({
        Component: module.ActiveContractsPage,
      })),
  },
  {
    path: 'gestionar-solicitudes-caducadas',
    ...whileLoading,
    lazy: () =>
      import('./contracts/expired-requests-page').then((module) => ({
        Component: module.ExpiredRequestsPage,
      })),
  },
  {
    path: 'historial-pagos-contado',
    ...whileLoading,
    lazy: () =>
      import('./contracts/contract-history-page').then((module) => ({
        Component: module.CashContractsPage,
      })),
  },
  {
    path: 'historial-pagos-financiados',
    ...whileLoading,
    lazy: () =>
      import('./contracts/contract-history-page').then((module) => ({
        Component: module.FinancedContractsPage,
      })),
  },
  {
    path: 'verificacion-pagos',
    ...whileLoading,
    lazy: () =>
      import('./payment-verification/payment-verification-page').then((module) => ({
        Component: module.PaymentVerificationPage,
      })),
  },
  {
    path: 'gestionar-planes',
    ...whileLoading,
    lazy: () => import('./plans/plans-page').then((module) => ({ Component: module.PlansPage })),
  },
  {
    path: 'gestionar-planes-funerarios',
    ...whileLoading,
    lazy: () =>
      import('./plans/funeral-plans-page').then((module) => ({ Component: module.FuneralPlansPage })),
  },
  {
    path: 'gestionar-parcelas',
    ...whileLoading,
    lazy: () => import('./plots/plots-page').then((module) => ({ Component: module.PlotsPage })),
  },
  {
    path: 'tasa-cambio',
    ...whileLoading,
    lazy: () =>
      import('./exchange-rate/exchange-rate-page').then((module) => ({ Component: module.ExchangeRatePage })),
  },
  {
    path: 'configuracion',
    ...whileLoading,
    lazy: () => import('./settings/settings-page').then((module) => ({ Component: module.SettingsPage })),
  },
  {
    path: 'gestionar-columbarios',
    ...whileLoading,
    lazy: () =>
      import('./columbarium/columbarium-page').then((module) => ({ Component: module.ColumbariumPage })),
  },
];
