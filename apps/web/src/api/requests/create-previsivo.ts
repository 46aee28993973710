import type { CreatedRequests, previsivoRequestSchema } from '@camposanto/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../client';

/**
 * The pre-need request as the domain's schema reads it, every field filled (the schema's input type is open, as
 * it also accepts the old nested shape). precioTotal and montoPorCuotas are the previewed amounts, which the
 * server only compares; parentesco is the SPEC §9 code.
 */
export type PrevisivoPayload = Required<Omit<z.output<typeof previsivoRequestSchema>, 'descripcion'>>;

/** SPEC §7 POST /api/previsivos with a JSON array of one pre-need request. */
export function createPrevisivo(request: PrevisivoPayload): Promise<CreatedRequests> {
  return apiRequest('/api/previsivos', { method: 'POST', json: [request] });
}

export function useCreatePrevisivo() {
  return useMutation({ mutationFn: createPrevisivo });
}
