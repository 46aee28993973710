import { SALES_ROLES } from '@camposanto/domain';
import type { RouteObject } from 'react-router';
import { prefetchLoader } from '../../app/prefetch-loader';
import { LoadingState } from '../../components/loading-state';

// The lists load on first visit; opening one by its address shows a spinner while its code arrives.
const whileLoading = { hydrateFallbackElement: <LoadingState /> };
const clientLists = () => import('./lists/client-list-page');

export const salesRoutes: RouteObject[] = [
  {
    index: true,
    ...whileLoading,
    // The charts are asked for as soon as their query's code arrives, before the first render (docs/decisions/037).
    loader: prefetchLoader(SALES_ROLES, (client) => {
      void import('../../api/dashboard/get-dashboard-series').then((module) =>
        client.prefetchQuery(module.dashboardSeriesQuery),
      );
    }),
    lazy: () => import('./sales-welcome-page').then((module) => ({ Component: module.SalesWelcomePage })),
  },
  {
    path: 'solicitudes',
    ...whileLoading,
    lazy: () => clientLists().then((module) => ({ Component: module.ClientRequestsPage })),
  },
  {
    path: 'clientes',
    ...whileLoading,
    lazy: () => clientLists().then((module) => ({ Component: module.ClientsPage })),
  },
  {
    path: 'contratos',
    ...whileLoading,
    lazy: () => clientLists().then((module) => ({ Component: module.ClientContractsPage })),
  },
  {
    path: 'vendedores',
    ...whileLoading,
    lazy: () =>
      import('./sellers/team-sellers-page').then((module) => ({ Component: module.TeamSellersPage })),
  },
  {
    path: 'subir-documento',
    ...whileLoading,
    lazy: () =>
      import('./documents/upload-client-document-page').then((module) => ({
        Component: module.UploadClientDocumentPage,
      })),
  },
  {
    path: 'subir-documento-familiar',
    ...whileLoading,
    lazy: () =>
      import('./documents/upload-relative-document-page').then((module) => ({
        Component: module.UploadRelativeDocumentPage,
      })),
  },
  {
    path: 'autorizados',
    ...whileLoading,
    lazy: () =>
      import('./authorized/authorized-page').then((module) => ({ Component: module.AuthorizedPage })),
  },
  // The request forms (SPEC §2) load on first visit too; their static paths win over the parameter.
  {
    path: 'contrato/plan',
    ...whileLoading,
    lazy: () =>
      import('./plan-request/plan-request-page').then((module) => ({ Component: module.PlanRequestPage })),
  },
  {
    path: 'contrato/previsivo',
    ...whileLoading,
    lazy: () => import('./previsivo/previsivo-page').then((module) => ({ Component: module.PrevisivoPage })),
  },
  {
    path: 'contrato/servicio-funerario',
    ...whileLoading,
    lazy: () => import('./funeral/funeral-page').then((module) => ({ Component: module.FuneralPage })),
  },
  {
    path: 'contrato/:producto',
    ...whileLoading,
    lazy: () => import('./product-request-page').then((module) => ({ Component: module.ProductRequestPage })),
  },
  {
    path: 'ayuda',
    ...whileLoading,
    lazy: () => import('./help/help-page').then((module) => ({ Component: module.HelpPage })),
  },
  {
    path: 'ayuda/:temaId',
    ...whileLoading,
    lazy: () => import('./help/topic-page').then((module) => ({ Component: module.TopicPage })),
  },
];
