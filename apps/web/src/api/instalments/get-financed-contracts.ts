import type { RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getListPage, type ListPage } from '../list-page';
import { paymentsQueryKey } from '../payments/query-keys';

export const financedContractsQueryKey = [...paymentsQueryKey, 'contratos-financiados'] as const;

/** SPEC §7 GET /api/v1/cuotas/contratos-financiados: a 1-based page of the financed contracts the user reaches. */
export async function getFinancedContracts(page: {
  page: number;
  perPage: number;
}): Promise<ListPage<RequestDto>> {
  const { items, total } = await getListPage<RequestDto>('/api/v1/cuotas/contratos-financiados', page);
  return { items, total };
}

export function useFinancedContracts(page: { page: number; perPage: number }) {
  // SPEC §8: this failure is an alert on the screen, not a notice.
  return useQuery({
    queryKey: [...financedContractsQueryKey, page],
    queryFn: () => getFinancedContracts(page),
    placeholderData: keepPreviousData,
  });
}
