import { SALES_LIST_MESSAGES, type RequestDto } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { salesListsQueryKey } from './get-client-requests';

/** SPEC §7 GET /api/vendedor/contratos/{vendedorId}: a seller's requests and contracts. */
export function getSellerContracts(sellerId: number): Promise<RequestDto[]> {
  return apiRequest(`/api/vendedor/contratos/${sellerId}`);
}

export function useSellerContracts(sellerId: number) {
  return useQuery({
    queryKey: [...salesListsQueryKey, 'vendedor', sellerId, 'contratos'],
    queryFn: () => getSellerContracts(sellerId),
    meta: { errorMessage: SALES_LIST_MESSAGES.errorContratosVendedor },
  });
}
