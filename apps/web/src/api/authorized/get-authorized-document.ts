import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { authorizedQueryKey } from './get-authorized-contracts';

/** GET /api/v1/autorizados/persona/{id}/documento: the person's identity image, fetched with the token. */
export function getAuthorizedDocument(personId: number): Promise<Blob> {
  return apiRequest(`/api/v1/autorizados/persona/${personId}/documento`, { responseType: 'blob' });
}

export function authorizedDocumentQuery(personId: number) {
  return queryOptions({
    queryKey: [...authorizedQueryKey, 'archivo', personId],
    queryFn: () => getAuthorizedDocument(personId),
    staleTime: Infinity,
  });
}
