import { CONTRACT_MESSAGES, type Modalidad, type RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getListPage, type ListPage } from '../list-page';

export const contractHistoryQueryKey = ['admin', 'contratos', 'historial'] as const;
export const CONTRACT_HISTORY_PATH = '/api/v1/admin/contratos-de-contado';

/** A page of the contracts of one modality, with the sum of the monto_total of every contract of the filter. */
export type ContractHistoryPage = ListPage<RequestDto> & { montoTotal: number };

/**
 * SPEC §7 GET /api/v1/admin/contratos-de-contado: the contracts of one modality, a 1-based page at a time; the
 * server filters and sums (issue 12), X-Sum-Monto-Total carrying the sum in exact decimals. Issue 15: with the
 * list's words (q, orden, filters: decision 032), the sum is that of the filter.
 */
export async function getContractHistory(
  modalidad: Modalidad,
  { page, perPage }: { page: number; perPage: number },
  query: Record<string, string> = {},
): Promise<ContractHistoryPage> {
  const { items, total, headers } = await getListPage<RequestDto>(CONTRACT_HISTORY_PATH, {
    page,
    perPage,
    filters: { modalidad, ...query },
  });
  return { items, total, montoTotal: Number(headers.get('x-sum-monto-total') ?? 0) };
}

export function useContractHistory(
  modalidad: Modalidad,
  page: { page: number; perPage: number },
  query: Record<string, string> = {},
) {
  return useQuery({
    queryKey: [...contractHistoryQueryKey, modalidad, page, query],
    queryFn: () => getContractHistory(modalidad, page, query),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CONTRACT_MESSAGES.errorCargarContratos },
  });
}
