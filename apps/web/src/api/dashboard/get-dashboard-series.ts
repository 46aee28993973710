import { DASHBOARD_MESSAGES, type DashboardSeries } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { dashboardQueryKey } from './get-dashboard';

/** Issue 15: the welcome pages' charts; the server narrows them to what the user reaches. */
export const dashboardSeriesQueryKey = [...dashboardQueryKey, 'series'] as const;

export function getDashboardSeries(): Promise<DashboardSeries> {
  return apiRequest('/api/v1/vendedores/ventas/dashboard/series');
}

export function useDashboardSeries() {
  return useQuery({
    queryKey: dashboardSeriesQueryKey,
    queryFn: getDashboardSeries,
    meta: { errorMessage: DASHBOARD_MESSAGES.errorGraficos },
  });
}
