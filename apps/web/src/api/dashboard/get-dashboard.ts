import { MSG, type Dashboard } from '@camposanto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const dashboardQueryKey = ['dashboard'] as const;

export function getDashboard(): Promise<Dashboard> {
  return apiRequest('/api/v1/vendedores/ventas/dashboard');
}

/** What the welcome route's loader asks for as soon as the address is known (docs/decisions/037). */
export const dashboardQuery = queryOptions({
  queryKey: dashboardQueryKey,
  queryFn: getDashboard,
  meta: { errorMessage: MSG.errorCargarDatos },
});

/**
 * The route's loader asked already, on every visit (app/prefetch-loader.ts): the page reads that answer (or that
 * failure) rather than asking a second time when it mounts.
 */
export const ASKED_BY_THE_ROUTE = { refetchOnMount: false, retryOnMount: false } as const;

export function useDashboard() {
  return useQuery({ ...dashboardQuery, ...ASKED_BY_THE_ROUTE });
}
