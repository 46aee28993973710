import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const verifyAdminQueryKey = ['verificar-admin'] as const;

export function verifyAdmin(): Promise<{ admin_creado: boolean }> {
  return apiRequest('/api/v1/verificar-admin', { auth: false });
}

export function useVerifyAdmin() {
  // SPEC §8: a failed check assumes an admin exists, so it is not retried nor announced.
  return useQuery({ queryKey: verifyAdminQueryKey, queryFn: verifyAdmin, retry: false });
}
