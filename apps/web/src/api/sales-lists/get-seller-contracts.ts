import { SALES_LIST_MESSAGES, type RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getListPage, type ListPage } from '../list-page';
import { salesListsQueryKey } from './get-client-requests';

/**
 * SPEC §7 GET /api/vendedor/contratos/{vendedorId}: a 1-based page of a seller's requests and contracts, newest
 * first, with their number in X-Total-Count (issue 12: the server pages, the dialog no longer loads them all).
 */
export function getSellerContracts(
  sellerId: number,
  page: { page: number; perPage: number },
): Promise<ListPage<RequestDto>> {
  return getListPage<RequestDto>(`/api/vendedor/contratos/${sellerId}`, page);
}

export function useSellerContracts(sellerId: number, page: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...salesListsQueryKey, 'vendedor', sellerId, 'contratos', page],
    queryFn: () => getSellerContracts(sellerId, page),
    placeholderData: keepPreviousData,
    meta: { errorMessage: SALES_LIST_MESSAGES.errorContratosVendedor },
  });
}
