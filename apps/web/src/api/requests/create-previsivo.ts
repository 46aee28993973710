import type { CreatedRequests, PrevisivoRequest } from '@camposanto/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/**
 * The pre-need request as the domain's schema reads it, every field filled. precioTotal and montoPorCuotas are
 * the previewed amounts, which the server only compares; parentesco is the SPEC §9 code.
 */
export type PrevisivoPayload = Required<Omit<PrevisivoRequest, 'descripcion'>>;

/** SPEC §7 POST /api/previsivos with a JSON array of one pre-need request. */
export function createPrevisivo(request: PrevisivoPayload): Promise<CreatedRequests> {
  return apiRequest('/api/previsivos', { method: 'POST', json: [request] });
}

export function useCreatePrevisivo() {
  return useMutation({ mutationFn: createPrevisivo });
}
