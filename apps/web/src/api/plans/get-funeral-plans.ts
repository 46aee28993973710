import { MSG, type FuneralPlan } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const funeralPlansQueryKey = ['planes-funerarios'] as const;

export function getFuneralPlans(): Promise<FuneralPlan[]> {
  return apiRequest('/api/v1/admin/planes/funerarios');
}

export function useFuneralPlans() {
  return useQuery({
    queryKey: funeralPlansQueryKey,
    queryFn: getFuneralPlans,
    meta: { errorMessage: (error) => MSG.errorCargarPlanes(error.message) },
  });
}
