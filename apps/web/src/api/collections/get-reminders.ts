import type { RemindersResponse } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { collectionsQueryKey } from './get-collections';

export const remindersQueryKey = (contractId: number) => [
  ...collectionsQueryKey,
  'recordatorios',
  contractId,
];

/** Issue 14 GET /api/v1/cobranza/{contratoId}/recordatorios: the reminders sent for a contract, newest first. */
export function getReminders(contractId: number): Promise<RemindersResponse> {
  return apiRequest(`/api/v1/cobranza/${contractId}/recordatorios`);
}

export function useReminders(contractId: number) {
  return useQuery({
    queryKey: remindersQueryKey(contractId),
    queryFn: () => getReminders(contractId),
  });
}
