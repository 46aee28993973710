import { PAYMENT_MESSAGES, type Paged, type PaymentReport } from '@camposanto/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { paymentsQueryKey } from './query-keys';

/** GET /api/v1/pagos/historial: the payments the signed-in user reaches, newest first; `page` is 1-based. */
export function getPaymentHistory(page: number, perPage: number): Promise<Paged<PaymentReport>> {
  return apiRequest('/api/v1/pagos/historial', { query: { page, per_page: perPage } });
}

export function paymentHistoryQuery(page: number, perPage: number) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'historial', { page, perPage }],
    queryFn: () => getPaymentHistory(page, perPage),
    placeholderData: keepPreviousData,
    meta: { errorMessage: PAYMENT_MESSAGES.errorHistorial },
  });
}
