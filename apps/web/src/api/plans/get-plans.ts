import { MSG, type Plan } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const plansQueryKey = ['planes'] as const;

export function getPlans(): Promise<Plan[]> {
  return apiRequest('/api/v1/admin/planes');
}

export function usePlans() {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: getPlans,
    meta: { errorMessage: (error) => MSG.errorCargarPlanes(error.message) },
  });
}
