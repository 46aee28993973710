import type { Plan } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const requestPlansQueryKey = (service: string) => ['planes', 'solicitudes', service] as const;

/** SPEC §7 GET /api/planes/solicitudes?tipo_servicio=...: the plans offered for one request form. */
export function getRequestPlans(service: string): Promise<Plan[]> {
  return apiRequest('/api/planes/solicitudes', { query: { tipo_servicio: service } });
}

/** `errorMessage` is the form's own SPEC §8 text ('Error al cargar los planes de ...'). */
export function useRequestPlans(service: string, errorMessage: string) {
  return useQuery({
    queryKey: requestPlansQueryKey(service),
    queryFn: () => getRequestPlans(service),
    meta: { errorMessage },
  });
}
