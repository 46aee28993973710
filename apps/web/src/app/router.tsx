import { ADMIN_ROLES, ROLES, SALES_ROLES } from '@camposanto/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/routes';
import { LoginPage } from '../features/auth/login-page';
import { paymentsAdminRoutes, paymentsSalesRoutes } from '../features/payments/routes';
import { salesRoutes } from '../features/sales/routes';
import { AdminLayout } from '../features/shell/admin-layout';
import { ClientLandingPage } from '../features/shell/client-landing-page';
import { NotFoundPage } from '../features/shell/not-found-page';
import { SalesLayout } from '../features/shell/sales-layout';
import { RequireRole } from './require-role';

/** SPEC §2 Screens and routes. */
export const routes: RouteObject[] = [
  { path: '/', element: <LoginPage /> },
  {
    path: '/administracion',
    element: (
      <RequireRole roles={ADMIN_ROLES}>
        <AdminLayout />
      </RequireRole>
    ),
    children: [
      ...adminRoutes,
      ...paymentsAdminRoutes,
      { path: '*', element: <NotFoundPage homePath="/administracion" /> },
    ],
  },
  {
    path: '/ventas',
    element: (
      <RequireRole roles={SALES_ROLES}>
        <SalesLayout />
      </RequireRole>
    ),
    children: [
      ...salesRoutes,
      ...paymentsSalesRoutes,
      { path: '*', element: <NotFoundPage homePath="/ventas" /> },
    ],
  },
  {
    path: '/clientes',
    element: (
      <RequireRole roles={ROLES}>
        <ClientLandingPage />
      </RequireRole>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter(routes);
