import type { Reminder } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { remindersQueryKey } from './get-reminders';

/** Issue 14 POST /api/v1/cobranza/{contratoId}/recordatorio: e-mails the client the statement PDF. */
export function sendReminder(contractId: number): Promise<Reminder> {
  return apiRequest(`/api/v1/cobranza/${contractId}/recordatorio`, { method: 'POST' });
}

export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReminder,
    // The contract's list of reminders sent gains this one.
    onSuccess: (_reminder, contractId) =>
      queryClient.invalidateQueries({ queryKey: remindersQueryKey(contractId) }),
  });
}
