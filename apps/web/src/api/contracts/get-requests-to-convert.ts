import { CONTRACT_MESSAGES, type ConversionFilter, type Paged, type RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const requestsToConvertQueryKey = ['admin', 'solicitudes'] as const;

/** SPEC §9 Server lists: this list sends a 1-based page; issue 15, and the state to show. */
export function getRequestsToConvert(
  page: number,
  perPage: number,
  estado: ConversionFilter,
): Promise<Paged<RequestDto>> {
  return apiRequest('/api/v1/admin/solicitudes', { query: { page, per_page: perPage, estado } });
}

export function useRequestsToConvert({
  page,
  perPage,
  estado,
}: {
  page: number;
  perPage: number;
  estado: ConversionFilter;
}) {
  return useQuery({
    queryKey: [...requestsToConvertQueryKey, { page, perPage, estado }],
    queryFn: () => getRequestsToConvert(page, perPage, estado),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorMessage: CONTRACT_MESSAGES.errorListaSolicitudes },
  });
}
