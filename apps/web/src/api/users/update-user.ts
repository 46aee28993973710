import type { User, UpdateUserBody } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { sellersQueryKey } from '../sellers/get-sellers';
import { usersQueryKey } from './get-users';

/** SPEC §7 PUT /usuarios/{id}: {username, email, rol, password?}. */
export type UpdateUserPayload = Pick<UpdateUserBody, 'username' | 'email' | 'rol'> & {
  password?: string;
};

export function updateUser({ id, ...payload }: UpdateUserPayload & { id: number }): Promise<User> {
  return apiRequest(`/api/v1/usuarios/${id}`, { method: 'PUT', json: payload });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // A changed name, e-mail or role shows in the sellers list too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: sellersQueryKey }),
      ]),
  });
}
