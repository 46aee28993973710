import { MSG, type SellerSummary } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { salesListsQueryKey } from './get-client-requests';

/** SPEC §7 GET /api/vendedor/list/{promotorId}: the sellers a supervisor leads. */
export function getSellers(promotorId: string): Promise<SellerSummary[]> {
  return apiRequest(`/api/vendedor/list/${encodeURIComponent(promotorId)}`);
}

export function useSellers(promotorId: string | undefined) {
  return useQuery({
    queryKey: [...salesListsQueryKey, 'vendedores', promotorId],
    queryFn: () => getSellers(promotorId!),
    enabled: Boolean(promotorId),
    meta: { errorMessage: MSG.errorCargarVendedores },
  });
}
