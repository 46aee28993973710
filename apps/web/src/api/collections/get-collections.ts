import type { CollectionsResponse } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** The filters as the query sends them: text, empty for no filter. */
export type CollectionsFilters = {
  vendedor_id: string;
  supervisor_id: string;
  tramo: string;
  servicio: string;
  /** Issue 15: the search and the order (COLLECTION_SORT_FIELDS), empty for none. */
  q: string;
  orden: string;
};

export const collectionsQueryKey = ['cobranza'] as const;

const PATH = '/api/v1/cobranza';

/** Issue 14 GET /api/v1/cobranza: one page of the overdue contracts of the filter, and its bucket totals. */
export function getCollections(
  filters: CollectionsFilters,
  { page, perPage }: { page: number; perPage: number },
): Promise<CollectionsResponse> {
  // Empty filters are left out by the client.
  return apiRequest(PATH, { query: { ...filters, page, per_page: perPage } });
}

export function useCollections(filters: CollectionsFilters, page: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...collectionsQueryKey, filters, page],
    queryFn: () => getCollections(filters, page),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    // The screen shows the failure as an alert above the table, not as a notice.
  });
}

/** Issue 14: the CSV of the whole filter (every page), served behind the token. */
export function getCollectionsCsv(filters: CollectionsFilters): Promise<Blob> {
  return apiRequest(PATH, { query: { ...filters, formato: 'csv' }, responseType: 'blob' });
}
