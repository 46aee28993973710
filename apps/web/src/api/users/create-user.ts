import type { CreateUserBody, User } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { sellersQueryKey } from '../sellers/get-sellers';
import { usersQueryKey } from './get-users';

export function createUser(payload: CreateUserBody): Promise<User> {
  return apiRequest('/api/v1/usuarios/', { method: 'POST', json: payload });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // A new seller or supervisor also appears in the sellers list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: sellersQueryKey }),
      ]),
  });
}
