import type { Niche, Paged } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const nichesQueryKey = ['nichos'] as const;
export const NICHES_PATH = '/api/v1/admin/columbarios';

/**
 * GET /api/v1/admin/columbarios?page&per_page; page is 1-based. Issue 15 (decision 032): `query` carries the search,
 * the order and the `estado` filter.
 */
export function getNiches({
  page,
  perPage,
  query = {},
}: {
  page: number;
  perPage: number;
  query?: Record<string, string>;
}): Promise<Paged<Niche>> {
  return apiRequest(NICHES_PATH, { query: { ...query, page, per_page: perPage } });
}

export function useNiches(page: number, perPage: number, query: Record<string, string> = {}) {
  return useQuery({
    queryKey: [...nichesQueryKey, { page, perPage }, query],
    queryFn: () => getNiches({ page, perPage, query }),
    placeholderData: keepPreviousData,
  });
}
