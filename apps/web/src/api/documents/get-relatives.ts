import { CARE_MESSAGES, type Relative } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { documentsQueryKey } from './find-client';

export const relativesQueryKey = (contractId: number) => [...documentsQueryKey, 'familiares', contractId];

/** SPEC §7 GET /api/v1/previsivos/familiares?contrato_id={id}. */
export function getRelatives(contractId: number): Promise<Relative[]> {
  return apiRequest('/api/v1/previsivos/familiares', { query: { contrato_id: contractId } });
}

export function useRelatives(contractId: number) {
  return useQuery({
    queryKey: relativesQueryKey(contractId),
    queryFn: () => getRelatives(contractId),
    meta: { errorMessage: CARE_MESSAGES.errorCargarDatos },
  });
}
