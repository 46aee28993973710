import type { CreatedRequests, MetodoPago } from '@camposanto/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** SPEC §3 Familiar as the pre-need request sends it; parentesco is the SPEC §9 code. */
export interface PrevisivoRelativePayload {
  nombre: string;
  cedula: string | null;
  fecha_nacimiento: string;
  parentesco: number;
}

/**
 * The fields previsivoRequestSchema reads (its input type is open, as it also accepts the old nested
 * shape). precioTotal and montoPorCuotas are the previewed amounts, which the server only compares.
 */
export interface PrevisivoPayload {
  cliente_id: number;
  plan_id: number;
  cuotas: number;
  metodoPago: MetodoPago;
  pagoInicial: number;
  tipo_contrato: 'Nuevo Contrato' | 'Renovacion';
  precioTotal: number;
  montoPorCuotas: number;
  familiares: PrevisivoRelativePayload[];
}

/** SPEC §7 POST /api/previsivos with a JSON array of one pre-need request. */
export function createPrevisivo(request: PrevisivoPayload): Promise<CreatedRequests> {
  return apiRequest('/api/previsivos', { method: 'POST', json: [request] });
}

export function useCreatePrevisivo() {
  return useMutation({ mutationFn: createPrevisivo });
}
