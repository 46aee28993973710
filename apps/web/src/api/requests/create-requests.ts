import type { CreatedRequests, RequestInput } from '@camposanto/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/**
 * SPEC §7 POST /api/v1/solicitudes/ with a JSON array of requests, saved all or nothing. Each line names its
 * plan by plan_id; the server prices it and only compares the amounts sent (DESIGN §3, §4.2).
 */
export function createRequests(requests: RequestInput[]): Promise<CreatedRequests> {
  return apiRequest('/api/v1/solicitudes/', { method: 'POST', json: requests });
}

export function useCreateRequests() {
  return useMutation({ mutationFn: createRequests });
}
