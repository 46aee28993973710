import type { Plan } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const requestPlansQueryKey = (tipoServicio: string) =>
  ['planes', 'solicitudes', tipoServicio] as const;

/** SPEC §7 GET /api/planes/solicitudes?tipo_servicio=...: the plans offered for one request form. */
export function getRequestPlans(tipoServicio: string): Promise<Plan[]> {
  return apiRequest('/api/planes/solicitudes', { query: { tipo_servicio: tipoServicio } });
}

/** `errorMessage` is the form's own SPEC §8 text ('Error al cargar los planes de ...'). */
export function useRequestPlans(tipoServicio: string, errorMessage: string) {
  return useQuery({
    queryKey: requestPlansQueryKey(tipoServicio),
    queryFn: () => getRequestPlans(tipoServicio),
    meta: { errorMessage },
  });
}
