import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** Revokes every token of the user on the server (DESIGN §5 Sessions). */
export function logout(): Promise<void> {
  return apiRequest('/api/v1/logout', { method: 'POST', endSessionOn401: false });
}

export function useLogout() {
  return useMutation({ mutationFn: logout, retry: false });
}
