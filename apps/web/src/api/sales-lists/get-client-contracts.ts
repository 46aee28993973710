import { SALES_LIST_MESSAGES, type ClientWithRequests, type Paged } from '@camposanto/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { salesListsQueryKey, type SellerPage } from './get-client-requests';

/** SPEC §7 GET /api/v1/contratos/lista/{sellerId}: the seller's clients that have contracts, with them. */
export function getClientContracts({
  sellerId,
  page,
  perPage,
  query,
}: SellerPage): Promise<Paged<ClientWithRequests>> {
  return apiRequest(clientContractsPath(sellerId), { query: { page, per_page: perPage, ...query } });
}

export const clientContractsPath = (sellerId: string) =>
  `/api/v1/contratos/lista/${encodeURIComponent(sellerId)}`;

export function clientContractsQuery(args: SellerPage) {
  return queryOptions({
    queryKey: [...salesListsQueryKey, 'contratos', args],
    queryFn: () => getClientContracts(args),
    placeholderData: keepPreviousData,
    meta: { errorMessage: SALES_LIST_MESSAGES.errorListaContratos },
  });
}
