import { CONTRACT_MESSAGES, type RequestDto } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const contractHistoryQueryKey = ['admin', 'contratos', 'historial'] as const;

/** SPEC §7 GET /api/v1/admin/contratos-de-contado: every contract; the screens filter by modality. */
export function getContractHistory(): Promise<RequestDto[]> {
  return apiRequest('/api/v1/admin/contratos-de-contado');
}

export function useContractHistory() {
  return useQuery({
    queryKey: contractHistoryQueryKey,
    queryFn: getContractHistory,
    meta: { errorMessage: CONTRACT_MESSAGES.errorCargarContratos },
  });
}
