import { CONTRACT_MESSAGES, type Paged, type RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const requestsToConvertQueryKey = ['admin', 'solicitudes'] as const;

/** SPEC §9 Server lists: this list sends a 1-based page. */
export function getRequestsToConvert(page: number, perPage: number): Promise<Paged<RequestDto>> {
  return apiRequest('/api/v1/admin/solicitudes', { query: { page, per_page: perPage } });
}

export function useRequestsToConvert({ page, perPage }: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...requestsToConvertQueryKey, { page, perPage }],
    queryFn: () => getRequestsToConvert(page, perPage),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorMessage: CONTRACT_MESSAGES.errorListaSolicitudes },
  });
}
