import { CARE_MESSAGES, CLIENT_MESSAGES, type Client } from '@camposanto/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, errorDetail } from '../client';

/** Every query of the client-care document screens starts with this key. */
export const documentsQueryKey = ['documentos'] as const;

/** SPEC §7 GET /api/v1/clientes/{cedula}: the client whose identity document is uploaded. */
export function findClient(cedula: string): Promise<Client> {
  return apiRequest(`/api/v1/clientes/${encodeURIComponent(cedula)}`);
}

/**
 * SPEC §5 Document search. The lookup's 404 text speaks of creating the client (the request forms' case);
 * this screen only finds clients, so it says so. A 403 shows the server's text (another seller's client).
 */
function searchError(error: Error): string {
  if (error instanceof ApiError && error.status === 404) return CARE_MESSAGES.clienteNoEncontrado;
  if (error instanceof ApiError && error.status === 403)
    return errorDetail(error) ?? CLIENT_MESSAGES.deOtroVendedor;
  return errorDetail(error) ?? 'Error al buscar cliente.';
}

export function clientQuery(cedula: string) {
  return queryOptions({
    queryKey: [...documentsQueryKey, 'cliente', cedula],
    queryFn: () => findClient(cedula),
    enabled: cedula !== '',
    meta: { errorMessage: searchError },
  });
}
