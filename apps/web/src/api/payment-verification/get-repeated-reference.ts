import type { RepeatedReference } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { paymentsQueryKey } from '../payments/query-keys';

/** Issue 14 GET /api/v1/pagos/referencia-repetida: whether another payment already used this bank and reference. */
export function getRepeatedReference(issuingBank: string, reference: string): Promise<RepeatedReference> {
  return apiRequest('/api/v1/pagos/referencia-repetida', {
    query: { banco_emisor: issuingBank, referencia: reference },
  });
}

/** Asked only when both are filled in; a failure says nothing (the warning never blocks a report). */
export function useRepeatedReference(issuingBank: string, reference: string) {
  const bank = issuingBank.trim();
  const ref = reference.trim();
  return useQuery({
    queryKey: [...paymentsQueryKey, 'referencia-repetida', { bank, ref }],
    queryFn: () => getRepeatedReference(bank, ref),
    enabled: bank !== '' && ref !== '',
    staleTime: 30_000,
    retry: false,
  });
}
