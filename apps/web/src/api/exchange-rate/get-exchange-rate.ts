import type { ExchangeRate } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const exchangeRateQueryKey = ['tasa-cambio'] as const;

export function getExchangeRate(): Promise<ExchangeRate> {
  return apiRequest('/api/v1/tasa-cambio');
}

export function useExchangeRate() {
  // SPEC §7 reads the rate once on load; SPEC §8 keeps a failure silent (no meta message, no retry).
  return useQuery({
    queryKey: exchangeRateQueryKey,
    queryFn: getExchangeRate,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}
