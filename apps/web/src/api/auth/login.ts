import type { LoginForm, TokenResponse } from '@camposanto/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** SPEC §7: the login is form-encoded. */
export function login({ username, password }: LoginForm): Promise<TokenResponse> {
  return apiRequest('/api/v1/login', { method: 'POST', form: { username, password }, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
