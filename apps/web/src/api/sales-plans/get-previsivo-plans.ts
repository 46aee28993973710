import type { Plan } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const previsivoPlansQueryKey = ['planes', 'previsivo'] as const;

/** SPEC §7 GET /api/planes?tipo_servicio=previsivo (only financed plans, SPEC §5). */
export function getPrevisivoPlans(): Promise<Plan[]> {
  return apiRequest('/api/planes', { query: { tipo_servicio: 'previsivo' } });
}

export function usePrevisivoPlans(errorMessage: string) {
  return useQuery({
    queryKey: previsivoPlansQueryKey,
    queryFn: getPrevisivoPlans,
    meta: { errorMessage },
  });
}
