import { PAYMENT_MESSAGES, type Client, type PaymentReport, type RequestDto } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { paymentsQueryKey } from './query-keys';

export interface RequestDetails {
  solicitud: RequestDto;
  cliente: Client;
  difunto: Record<string, unknown>[];
  reporte_pagos: PaymentReport[];
}

/** SPEC §7 GET /api/v1/vendedores/detalles/{clienteId}/{solicitudId}. */
export function getRequestDetails(clienteId: number, solicitudId: number): Promise<RequestDetails> {
  return apiRequest(`/api/v1/vendedores/detalles/${clienteId}/${solicitudId}`);
}

export function useRequestDetails(request: { cliente_id: number; id: number }) {
  return useQuery({
    queryKey: [...paymentsQueryKey, 'detalles', request.id],
    queryFn: () => getRequestDetails(request.cliente_id, request.id),
    meta: { errorMessage: PAYMENT_MESSAGES.errorDetalles },
  });
}
