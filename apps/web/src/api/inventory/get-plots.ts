import type { Paged, PlotRow } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const plotsQueryKey = ['parcelas'] as const;

/** SPEC §7 GET /parcelas?page&per_page; page is 1-based. */
export function getPlots({ page, perPage }: { page: number; perPage: number }): Promise<Paged<PlotRow>> {
  return apiRequest('/parcelas', { query: { page, per_page: perPage } });
}

export function usePlots(page: number, perPage: number) {
  return useQuery({
    queryKey: [...plotsQueryKey, { page, perPage }],
    queryFn: () => getPlots({ page, perPage }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
