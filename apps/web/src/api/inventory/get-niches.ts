import type { Niche, Paged } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const nichesQueryKey = ['nichos'] as const;

/** GET /api/v1/admin/columbarios?page&per_page; page is 1-based. */
export function getNiches({ page, perPage }: { page: number; perPage: number }): Promise<Paged<Niche>> {
  return apiRequest('/api/v1/admin/columbarios', { query: { page, per_page: perPage } });
}

export function useNiches(page: number, perPage: number) {
  return useQuery({
    queryKey: [...nichesQueryKey, { page, perPage }],
    queryFn: () => getNiches({ page, perPage }),
    placeholderData: keepPreviousData,
  });
}
