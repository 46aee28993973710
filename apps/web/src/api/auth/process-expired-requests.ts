import type { ExpiryRun } from '@camposanto/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** DESIGN §4.6: the login page runs the expiry of requests on demand. */
export function processExpiredRequests(): Promise<ExpiryRun> {
  return apiRequest('/api/v1/solicitudes/procesar-solicitudes-caducadas', { method: 'POST', auth: false });
}

export function useProcessExpiredRequests() {
  return useMutation({ mutationFn: processExpiredRequests, retry: false });
}
