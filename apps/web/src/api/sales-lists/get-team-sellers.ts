import { MSG, type SellerSummary } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { salesListsQueryKey } from './get-client-requests';

/** SPEC §7 GET /api/vendedor/list/{promotorId}: the sellers a supervisor leads. */
export function getTeamSellers(leaderId: string): Promise<SellerSummary[]> {
  return apiRequest(`/api/vendedor/list/${encodeURIComponent(leaderId)}`);
}

export function useTeamSellers(leaderId: string | undefined) {
  return useQuery({
    queryKey: [...salesListsQueryKey, 'vendedores', leaderId],
    queryFn: () => getTeamSellers(leaderId!),
    enabled: Boolean(leaderId),
    meta: { errorMessage: MSG.errorCargarVendedores },
  });
}
