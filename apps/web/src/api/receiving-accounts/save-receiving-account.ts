import type { ReceivingAccount, ReceivingAccountValues } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { receivingAccountsQueryKey } from './get-receiving-accounts';

/** POST a new account, or PUT an existing one when `id` is given. */
export function saveReceivingAccount({
  id,
  ...values
}: ReceivingAccountValues & { id?: number }): Promise<ReceivingAccount> {
  return id === undefined
    ? apiRequest('/api/v1/admin/cuentas-receptoras', { method: 'POST', json: values })
    : apiRequest(`/api/v1/admin/cuentas-receptoras/${id}`, { method: 'PUT', json: values });
}

export function useSaveReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReceivingAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receivingAccountsQueryKey }),
  });
}
