import { SETTINGS_MESSAGES, type RateHistoryEntry, type RateHistoryQuery } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const rateHistoryQueryKey = ['tasa-cambio', 'historial'] as const;

export function getRateHistory(range: RateHistoryQuery): Promise<RateHistoryEntry[]> {
  return apiRequest('/api/v1/tasa-cambio/historial', { query: range });
}

export function useRateHistory(range: RateHistoryQuery, { enabled = true } = {}) {
  return useQuery({
    enabled,
    queryKey: [...rateHistoryQueryKey, range],
    queryFn: () => getRateHistory(range),
    placeholderData: keepPreviousData,
    meta: { errorMessage: SETTINGS_MESSAGES.errorHistorialTasa },
  });
}
