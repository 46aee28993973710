import type { RelativeAmount } from '@camposanto/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';

export interface RelativeAmountQuery {
  plan: number;
  parentesco: number;
  edad: number;
}

export const relativeAmountQueryKey = (query: RelativeAmountQuery | undefined) =>
  ['previsivos', 'calcular_monto', query ?? null] as const;

/** SPEC §7 GET /api/previsivos/calcular_monto: a relative's additional price by relationship and age. */
export function getRelativeAmount(query: RelativeAmountQuery): Promise<RelativeAmount> {
  return apiRequest('/api/previsivos/calcular_monto', { query: { ...query } });
}

/**
 * One relative's price, asked only once plan, relationship and age are all known (a form has several
 * relatives, so the screen runs these with useQueries). The screen shows the server's refusal itself.
 */
export function relativeAmountQuery(query: RelativeAmountQuery | undefined) {
  return queryOptions({
    queryKey: relativeAmountQueryKey(query),
    queryFn: () => getRelativeAmount(query!),
    enabled: query !== undefined,
    staleTime: 5 * 60_000,
  });
}
