import { MSG, type User } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const usersQueryKey = ['usuarios'] as const;

export function getUsers(): Promise<User[]> {
  return apiRequest('/api/v1/usuarios');
}

export function useUsers() {
  return useQuery({
    queryKey: usersQueryKey,
    queryFn: getUsers,
    meta: { errorMessage: MSG.errorCargarUsuarios },
  });
}
