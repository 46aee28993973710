import type { User } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { sellersQueryKey } from '../sellers/get-sellers';
import type { ListPage } from '../list-page';
import { usersQueryKey } from './get-users';

export function setUserActive({ id, isActive }: { id: number; isActive: boolean }): Promise<User> {
  return apiRequest(`/api/v1/usuarios/${id}/active`, { method: 'PUT', json: { is_active: isActive } });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    // SPEC §4: the list updates on success; the answer is shown at once, the lists are then refetched.
    onSuccess: (updated) => {
      queryClient.setQueriesData<ListPage<User>>({ queryKey: usersQueryKey }, (users) =>
        users
          ? { ...users, items: users.items.map((user) => (user.id === updated.id ? updated : user)) }
          : users,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: sellersQueryKey }),
      ]);
    },
  });
}
