import { MSG, type SellerSummary } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { getListPage } from '../list-page';
import { salesListsQueryKey } from './get-client-requests';

export const teamSellersPath = (leaderId: string) => `/api/vendedor/list/${encodeURIComponent(leaderId)}`;

/** SPEC §7 GET /api/vendedor/list/{promotorId}: the sellers a supervisor leads. */
export function getTeamSellers(leaderId: string): Promise<SellerSummary[]> {
  return apiRequest(teamSellersPath(leaderId));
}

export function useTeamSellers(leaderId: string | undefined) {
  return useQuery({
    queryKey: [...salesListsQueryKey, 'vendedores', leaderId],
    queryFn: () => getTeamSellers(leaderId!),
    enabled: Boolean(leaderId),
    meta: { errorMessage: MSG.errorCargarVendedores },
  });
}

/**
 * Issue 15: a 1-based page of the team's sellers of a search and order (q, orden), with the total in
 * X-Total-Count (decision 032).
 */
export function useTeamSellersPage(
  leaderId: string | undefined,
  query: Record<string, string>,
  page: { page: number; perPage: number },
) {
  return useQuery({
    queryKey: [...salesListsQueryKey, 'vendedores', leaderId, 'pagina', query, page],
    queryFn: () => getListPage<SellerSummary>(teamSellersPath(leaderId!), { ...page, filters: query }),
    enabled: Boolean(leaderId),
    placeholderData: keepPreviousData,
    meta: { errorMessage: MSG.errorCargarVendedores },
  });
}
