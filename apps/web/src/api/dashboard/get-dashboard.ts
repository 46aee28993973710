import { MSG, type Dashboard } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const dashboardQueryKey = ['dashboard'] as const;

export function getDashboard(): Promise<Dashboard> {
  return apiRequest('/api/v1/vendedores/ventas/dashboard');
}

export function useDashboard() {
  return useQuery({
    queryKey: dashboardQueryKey,
    queryFn: getDashboard,
    meta: { errorMessage: MSG.errorCargarDatos },
  });
}
