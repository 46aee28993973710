import { SALES_LIST_MESSAGES, type ClientWithRequests, type Paged } from '@camposanto/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** Every list of the sales area starts with this key, so a conversion can refresh them all. */
export const salesListsQueryKey = ['ventas', 'listas'] as const;

export interface SellerPage {
  sellerId: string;
  /** 1-based (SPEC §9 Server lists). */
  page: number;
  perPage: number;
  /** Issue 15: q, orden and the filters that are set (decision 032). */
  query?: Record<string, string>;
}

export const clientRequestsPath = (sellerId: string) =>
  `/api/v1/clientes/lista/${encodeURIComponent(sellerId)}`;

/** SPEC §7 GET /api/v1/clientes/lista/{sellerId}: the seller's clients with their requests. */
export function getClientRequests({
  sellerId,
  page,
  perPage,
  query,
}: SellerPage): Promise<Paged<ClientWithRequests>> {
  return apiRequest(clientRequestsPath(sellerId), { query: { page, per_page: perPage, ...query } });
}

export function clientRequestsQuery(args: SellerPage) {
  return queryOptions({
    queryKey: [...salesListsQueryKey, 'solicitudes', args],
    queryFn: () => getClientRequests(args),
    placeholderData: keepPreviousData,
    meta: { errorMessage: SALES_LIST_MESSAGES.errorListaClientes },
  });
}
