import { SEARCH_MESSAGES, type SearchResponse } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const searchQueryKey = ['buscar'] as const;

/** Issue 15 GET /api/v1/buscar: up to 10 clients, requests, contracts, plots and niches, within the user's reach. */
export function searchEverything(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return apiRequest('/api/v1/buscar', { query: { q }, signal });
}

/** The results of `q`, asked only when `enabled` (a valid text); the last results stay while the next ones load. */
export function useSearchEverything(q: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...searchQueryKey, q],
    queryFn: ({ signal }) => searchEverything(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { errorMessage: SEARCH_MESSAGES.errorBuscar },
  });
}
