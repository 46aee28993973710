import { MSG, type User } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { getListPage, type ListPage } from '../list-page';

export const usersQueryKey = ['usuarios'] as const;
export const USERS_PATH = '/api/v1/usuarios';

/** SPEC §7 GET /api/v1/usuarios: every user, by name. */
export function getUsers(): Promise<User[]> {
  return apiRequest(USERS_PATH);
}

/** Issue 15: one page of the users of a search, order and filters (q, orden, rol, activo). */
export async function getUsersPage(
  query: Record<string, string>,
  { page, perPage }: { page: number; perPage: number },
): Promise<ListPage<User>> {
  const { items, total } = await getListPage<User>(USERS_PATH, { page, perPage, filters: query });
  return { items, total };
}

export function useUsers(query: Record<string, string>, page: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...usersQueryKey, query, page],
    queryFn: () => getUsersPage(query, page),
    placeholderData: keepPreviousData,
    meta: { errorMessage: MSG.errorCargarUsuarios },
  });
}
