import type { FuneralPlan } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const funeralPlansQueryKey = ['planes', 'funerarios'] as const;

/** SPEC §7 GET /api/planes/funerarios: the wake rooms on sale, with their prices. */
export function getFuneralPlans(): Promise<FuneralPlan[]> {
  return apiRequest('/api/planes/funerarios');
}

export function useFuneralPlans(errorMessage: string) {
  return useQuery({
    queryKey: funeralPlansQueryKey,
    queryFn: getFuneralPlans,
    meta: { errorMessage },
  });
}
