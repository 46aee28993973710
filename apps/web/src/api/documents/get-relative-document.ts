import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { documentsQueryKey } from './find-client';

export const relativeDocumentQueryKey = (relativeId: number) => [
  ...documentsQueryKey,
  'archivo',
  'familiar',
  relativeId,
];

/** SPEC §7 GET /api/v1/previsivos/familiares/{id}/documento, fetched as a blob with the token. */
export function getRelativeDocument(relativeId: number): Promise<Blob> {
  return apiRequest(`/api/v1/previsivos/familiares/${relativeId}/documento`, { responseType: 'blob' });
}

export function relativeDocumentQuery(relativeId: number) {
  return queryOptions({
    queryKey: relativeDocumentQueryKey(relativeId),
    queryFn: () => getRelativeDocument(relativeId),
    staleTime: Infinity,
  });
}
