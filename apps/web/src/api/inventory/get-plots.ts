import type { Paged, PlotRow } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const plotsQueryKey = ['parcelas'] as const;
export const PLOTS_PATH = '/parcelas';

/**
 * SPEC §7 GET /parcelas?page&per_page; page is 1-based. Issue 15 (decision 032): `query` carries the search, the
 * order and the `disponibilidad` filter.
 */
export function getPlots({
  page,
  perPage,
  query = {},
}: {
  page: number;
  perPage: number;
  query?: Record<string, string>;
}): Promise<Paged<PlotRow>> {
  return apiRequest(PLOTS_PATH, { query: { ...query, page, per_page: perPage } });
}

export function usePlots(page: number, perPage: number, query: Record<string, string> = {}) {
  return useQuery({
    queryKey: [...plotsQueryKey, { page, perPage }, query],
    queryFn: () => getPlots({ page, perPage, query }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
