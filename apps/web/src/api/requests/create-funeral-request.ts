import type { CreatedRequests, FuneralRequest } from '@camposanto/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** SPEC §3 Funeral request, difuntos[]: every field sent, the empty ones as null. */
export type DeceasedPayload = Required<FuneralRequest['difuntos'][number]>;

/**
 * What the funeral form sends: the plan by its id, with the flags and the previewed total, which the server
 * only compares. tipo_servicio is what tells the server a funeral request from the others.
 */
export type FuneralRequestPayload = Required<
  Pick<
    FuneralRequest,
    | 'cliente_id'
    | 'plan_funerario_id'
    | 'tipo_contrato'
    | 'traslado'
    | 'incluye_preparacion'
    | 'incluye_ataud'
    | 'metodoPago'
    | 'precioTotal'
  >
> & { tipo_servicio: 'Servicio Funerario'; difuntos: DeceasedPayload[] };

/** SPEC §7: the funeral request posts a one-item array to /api/v1/solicitudes (no trailing slash). */
export function createFuneralRequest(request: FuneralRequestPayload): Promise<CreatedRequests> {
  return apiRequest('/api/v1/solicitudes', { method: 'POST', json: [request] });
}

export function useCreateFuneralRequest() {
  return useMutation({ mutationFn: createFuneralRequest });
}
