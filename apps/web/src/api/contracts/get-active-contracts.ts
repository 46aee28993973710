import { CONTRACT_MESSAGES, skipLimit, type RequestDto } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiResponse, errorDetail } from '../client';

export const activeContractsQueryKey = ['admin', 'contratos', 'activos'] as const;
export const ACTIVE_CONTRACTS_PATH = '/api/v1/admin/contratos/activos';

/** One page of contracts and, when the server sends it (issue 15: X-Total-Count), how many there are in all. */
export interface ActiveContractsPage {
  items: RequestDto[];
  total: number | undefined;
}

/**
 * SPEC §9 Server lists: skip = page × size, limit = size; the answer is a bare array. Issue 15: and the list's
 * words (q, orden, filters: decision 032).
 */
export async function getActiveContracts(
  page: number,
  pageSize: number,
  query: Record<string, string> = {},
): Promise<ActiveContractsPage> {
  const { body, headers } = await apiResponse<unknown>(ACTIVE_CONTRACTS_PATH, {
    query: { ...skipLimit(page, pageSize), ...query },
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

export function useActiveContracts({
  page,
  pageSize,
  query = {},
}: {
  page: number;
  pageSize: number;
  query?: Record<string, string>;
}) {
  return useQuery({
    queryKey: [...activeContractsQueryKey, { page, pageSize, query }],
    queryFn: () => getActiveContracts(page, pageSize, query),
    placeholderData: keepPreviousData,
    meta: { errorMessage: activeContractsErrorText },
  });
}
