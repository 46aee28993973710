import { PAYMENT_MESSAGES, type RequestDetails } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { paymentsQueryKey } from './query-keys';

/** SPEC §7 GET /api/v1/vendedores/detalles/{clienteId}/{solicitudId}. */
export function getRequestDetails(clientId: number, requestId: number): Promise<RequestDetails> {
  return apiRequest(`/api/v1/vendedores/detalles/${clientId}/${requestId}`);
}

export function useRequestDetails(request: { cliente_id: number; id: number }) {
  return useQuery({
    queryKey: [...paymentsQueryKey, 'detalles', request.id],
    queryFn: () => getRequestDetails(request.cliente_id, request.id),
    meta: { errorMessage: PAYMENT_MESSAGES.errorDetalles },
  });
}
