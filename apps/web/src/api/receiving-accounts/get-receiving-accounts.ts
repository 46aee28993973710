import { SETTINGS_MESSAGES, type ReceivingAccount } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const receivingAccountsQueryKey = ['cuentas-receptoras'] as const;

/** Administración gets every account; supervisors and sellers only the active ones (the server decides). */
export function getReceivingAccounts(): Promise<ReceivingAccount[]> {
  return apiRequest('/api/v1/admin/cuentas-receptoras');
}

export function useReceivingAccounts() {
  return useQuery({
    queryKey: receivingAccountsQueryKey,
    queryFn: getReceivingAccounts,
    meta: { errorMessage: SETTINGS_MESSAGES.errorCuentas },
  });
}
