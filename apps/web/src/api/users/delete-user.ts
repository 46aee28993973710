import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { sellersQueryKey } from '../sellers/get-sellers';
import { usersQueryKey } from './get-users';

export function deleteUser(id: number): Promise<{ mensaje: string }> {
  return apiRequest(`/api/v1/usuarios/${id}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: sellersQueryKey }),
      ]),
  });
}
