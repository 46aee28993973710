import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { documentsQueryKey } from './find-client';

export const clientDocumentQueryKey = (cedula: string) => [
  ...documentsQueryKey,
  'archivo',
  'cliente',
  cedula,
];

/**
 * SPEC §7 GET /api/v1/clientes/{cedula}/documento. Identity documents are served only with the token
 * (DESIGN §5), so the file is fetched as a blob for an object URL.
 */
export function getClientDocument(cedula: string): Promise<Blob> {
  return apiRequest(`/api/v1/clientes/${encodeURIComponent(cedula)}/documento`, { responseType: 'blob' });
}

export function clientDocumentQuery(cedula: string) {
  return queryOptions({
    queryKey: clientDocumentQueryKey(cedula),
    queryFn: () => getClientDocument(cedula),
    staleTime: Infinity,
  });
}
