import type { Client } from '@camposanto/domain';
import { apiRequest } from '../client';

/**
 * SPEC §7 GET /api/v1/clientes/{cedula}: 404 when the client is new, 403 when another seller's.
 * A plain call: the form asks when the cédula is entered and reads the status itself.
 */
export function getClientByCedula(cedula: string): Promise<Client> {
  return apiRequest(`/api/v1/clientes/${encodeURIComponent(cedula)}`);
}
