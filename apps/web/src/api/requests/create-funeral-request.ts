import type { CreatedRequests, MetodoPago } from '@camposanto/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** SPEC §3 Funeral request, difuntos[]. */
export interface DeceasedPayload {
  nombre_difunto: string;
  cedula_difunto: string | null;
  fecha_nac_difunto: string | null;
  parentesco_difunto: string | null;
  fecha_defuncion: string | null;
  causa_defuncion: string | null;
  direccion_defuncion: string | null;
}

/**
 * The fields funeralRequestSchema reads; the server tells the funeral request from the others by its
 * tipo_servicio, prices it from the funeral plan and only compares precioTotal.
 */
export interface FuneralRequestPayload {
  cliente_id: number;
  tipo_servicio: 'Servicio Funerario';
  plan_funerario_id: number;
  tipo_contrato: 'Nuevo Contrato';
  traslado: boolean;
  incluye_preparacion: boolean;
  incluye_ataud: boolean;
  metodoPago: MetodoPago;
  precioTotal: number;
  difuntos: DeceasedPayload[];
}

/** SPEC §7: the funeral request posts a one-item array to /api/v1/solicitudes (no trailing slash). */
export function createFuneralRequest(request: FuneralRequestPayload): Promise<CreatedRequests> {
  return apiRequest('/api/v1/solicitudes', { method: 'POST', json: [request] });
}

export function useCreateFuneralRequest() {
  return useMutation({ mutationFn: createFuneralRequest });
}
