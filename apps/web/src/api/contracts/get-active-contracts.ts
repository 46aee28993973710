import { CONTRACT_MESSAGES, skipLimit, type RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiResponse, errorDetail } from '../client';

export const activeContractsQueryKey = ['admin', 'contratos', 'activos'] as const;

/** One page of contracts and, when the server sends it (issue 15: X-Total-Count), how many there are in all. */
export interface ActiveContractsPage {
  items: RequestDto[];
  total: number | undefined;
}

/** SPEC §9 Server lists: skip = page × size, limit = size; the answer is a bare array. */
export async function getActiveContracts(page: number, pageSize: number): Promise<ActiveContractsPage> {
  const { body, headers } = await apiResponse<unknown>('/api/v1/admin/contratos/activos', {
    query: skipLimit(page, pageSize),
  });
  // SPEC §8: a response that is not an array is an error.
  if (!Array.isArray(body)) throw new Error(CONTRACT_MESSAGES.errorContratosActivos);
  const total = Number(headers.get('x-total-count') ?? Number.NaN);
  return {
    items: body as RequestDto[],
    total: Number.isSafeInteger(total) && total >= 0 ? total : undefined,
  };
}

/** SPEC §8: the server's detail, else the screen's text. */
export function activeContractsErrorText(error: Error): string {
  return errorDetail(error) ?? CONTRACT_MESSAGES.errorContratosActivos;
}

export function useActiveContracts({ page, pageSize }: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...activeContractsQueryKey, { page, pageSize }],
    queryFn: () => getActiveContracts(page, pageSize),
    placeholderData: keepPreviousData,
    meta: { errorMessage: activeContractsErrorText },
  });
}
