import { CONTRACT_MESSAGES, type Modalidad, type RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getListPage, type ListPage } from '../list-page';

export const contractHistoryQueryKey = ['admin', 'contratos', 'historial'] as const;

/** A page of the contracts of one modality, with the sum of every contract's monto_total of that modality. */
export type ContractHistoryPage = ListPage<RequestDto> & { montoTotal: number };

/**
 * SPEC §7 GET /api/v1/admin/contratos-de-contado: the contracts of one modality, a 1-based page at a time; the
 * server filters and sums (issue 12), X-Sum-Monto-Total carrying the sum in exact decimals.
 */
export async function getContractHistory(
  modalidad: Modalidad,
  { page, perPage }: { page: number; perPage: number },
): Promise<ContractHistoryPage> {
  const { items, total, headers } = await getListPage<RequestDto>('/api/v1/admin/contratos-de-contado', {
    page,
    perPage,
    filters: { modalidad },
  });
  return { items, total, montoTotal: Number(headers.get('x-sum-monto-total') ?? 0) };
}

export function useContractHistory(modalidad: Modalidad, page: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...contractHistoryQueryKey, modalidad, page],
    queryFn: () => getContractHistory(modalidad, page),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CONTRACT_MESSAGES.errorCargarContratos },
  });
}
