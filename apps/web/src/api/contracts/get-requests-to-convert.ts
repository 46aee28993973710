import { CONTRACT_MESSAGES, type ConversionFilter, type Paged, type RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const requestsToConvertQueryKey = ['admin', 'solicitudes'] as const;
export const REQUESTS_TO_CONVERT_PATH = '/api/v1/admin/solicitudes';

/**
 * SPEC §9 Server lists: this list sends a 1-based page; issue 15, the state to show and the list's words (q, orden,
 * tipo_servicio, vendedor, desde, hasta: decision 032).
 */
export function getRequestsToConvert(
  page: number,
  perPage: number,
  estado: ConversionFilter,
  query: Record<string, string> = {},
): Promise<Paged<RequestDto>> {
  return apiRequest(REQUESTS_TO_CONVERT_PATH, { query: { page, per_page: perPage, estado, ...query } });
}

export function useRequestsToConvert({
  page,
  perPage,
  estado,
  query = {},
}: {
  page: number;
  perPage: number;
  estado: ConversionFilter;
  query?: Record<string, string>;
}) {
  return useQuery({
    queryKey: [...requestsToConvertQueryKey, { page, perPage, estado, query }],
    queryFn: () => getRequestsToConvert(page, perPage, estado, query),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorMessage: CONTRACT_MESSAGES.errorListaSolicitudes },
  });
}
