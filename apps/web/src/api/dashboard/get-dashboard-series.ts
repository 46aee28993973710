import { DASHBOARD_MESSAGES, type DashboardSeries } from '@camposanto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { ASKED_BY_THE_ROUTE, dashboardQueryKey } from './get-dashboard';

/** Issue 15: the welcome pages' charts; the server narrows them to what the user reaches. */
export const dashboardSeriesQueryKey = [...dashboardQueryKey, 'series'] as const;

export function getDashboardSeries(): Promise<DashboardSeries> {
  return apiRequest('/api/v1/vendedores/ventas/dashboard/series');
}

/** Asked by the welcome routes' loaders (docs/decisions/037). */
export const dashboardSeriesQuery = queryOptions({
  queryKey: dashboardSeriesQueryKey,
  queryFn: getDashboardSeries,
  meta: { errorMessage: DASHBOARD_MESSAGES.errorGraficos },
});

export function useDashboardSeries() {
  return useQuery({ ...dashboardSeriesQuery, ...ASKED_BY_THE_ROUTE });
}
