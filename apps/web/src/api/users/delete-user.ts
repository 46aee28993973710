import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { vendedoresQueryKey } from '../vendedores/get-vendedores';
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
        queryClient.invalidateQueries({ queryKey: vendedoresQueryKey }),
      ]),
  });
}
