import type { RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getListPage, type ListPage } from '../list-page';
import { paymentsQueryKey } from '../payments/query-keys';

export const financedContractsQueryKey = [...paymentsQueryKey, 'contratos-financiados'] as const;
export const FINANCED_CONTRACTS_PATH = '/api/v1/cuotas/contratos-financiados';

/**
 * SPEC §7 GET /api/v1/cuotas/contratos-financiados: a 1-based page of the financed contracts the user reaches;
 * issue 15 adds the list's words (`q`, `orden`, `vendedor_id`, `servicio`, `desde`, `hasta`).
 */
export async function getFinancedContracts(
  page: { page: number; perPage: number },
  query: Record<string, string> = {},
): Promise<ListPage<RequestDto>> {
  const { items, total } = await getListPage<RequestDto>(FINANCED_CONTRACTS_PATH, {
    ...page,
    filters: query,
  });
  return { items, total };
}

export function useFinancedContracts(
  page: { page: number; perPage: number },
  query: Record<string, string> = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  // SPEC §8: this failure is an alert on the screen, not a notice.
  return useQuery({
    queryKey: [...financedContractsQueryKey, page, query],
    queryFn: () => getFinancedContracts(page, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
