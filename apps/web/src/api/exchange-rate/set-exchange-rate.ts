import type { ExchangeRate } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { exchangeRateQueryKey } from './get-exchange-rate';
import { rateHistoryQueryKey } from './get-rate-history';

export function setExchangeRate(promedio: number): Promise<ExchangeRate> {
  return apiRequest('/api/v1/tasa-cambio', { method: 'PUT', json: { promedio } });
}

export function useSetExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setExchangeRate,
    // The header, the payment dialogs and the history all show the rate in force.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exchangeRateQueryKey }),
        queryClient.invalidateQueries({ queryKey: rateHistoryQueryKey }),
      ]),
  });
}
