import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { receivingAccountsQueryKey } from './get-receiving-accounts';

export function deleteReceivingAccount(id: number): Promise<{ mensaje: string }> {
  return apiRequest(`/api/v1/admin/cuentas-receptoras/${id}`, { method: 'DELETE' });
}

export function useDeleteReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReceivingAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receivingAccountsQueryKey }),
  });
}
