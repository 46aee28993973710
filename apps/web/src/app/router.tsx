import { ADMIN_ROLES, ROLES, SALES_ROLES, type Rol } from '@camposanto/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { adminRoutes } from '../features/admin/routes';
import { LoginPage } from '../features/auth/login-page';
import { paymentsAdminRoutes, paymentsSalesRoutes } from '../features/payments/routes';
import { salesRoutes } from '../features/sales/routes';
import { NotFoundPage } from '../features/shell/not-found-page';

/**
 * An area behind a role: its frame, the role guard and dayjs (in Spanish, for the dates of its screens) load on
 * first visit, so the login page (the first page of every visit) carries none of them
 * (docs/decisions/015-light-first-page.md).
 */
function guardedArea(
  roles: readonly Rol[],
  load: () => Promise<ComponentType>,
): Pick<NonIndexRouteObject, 'hydrateFallbackElement' | 'lazy'> {
  return {
    hydrateFallbackElement: <LoadingState />,
    lazy: async () => {
      const [{ RequireRole }, Area, { default: dayjs }] = await Promise.all([
        import('./require-role'),
        load(),
        import('dayjs'),
        import('dayjs/locale/es'),
      ]);
      dayjs.locale('es');
      return {
        Component: () => (
          <RequireRole roles={roles}>
            <Area />
          </RequireRole>
        ),
      };
    },
  };
}

/** SPEC §2 Screens and routes. */
export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  {
    path: '/administracion',
    ...guardedArea(ADMIN_ROLES, () =>
      import('../features/shell/admin-layout').then((module) => module.AdminLayout),
    ),
    children: [
      ...adminRoutes,
      ...paymentsAdminRoutes,
      { path: '*', element: <NotFoundPage homePath="/administracion" /> },
    ],
  },
  {
    path: '/ventas',
    ...guardedArea(SALES_ROLES, () =>
      import('../features/shell/sales-layout').then((module) => module.SalesLayout),
    ),
    children: [
      ...salesRoutes,
      ...paymentsSalesRoutes,
      { path: '*', element: <NotFoundPage homePath="/ventas" /> },
    ],
  },
  {
    path: '/clientes',
    ...guardedArea(ROLES, () =>
      import('../features/shell/client-landing-page').then((module) => module.ClientLandingPage),
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter(routes);
