import { PAYMENT_MESSAGES, type Paged, type PaymentReport } from '@camposanto/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { paymentsQueryKey } from './query-keys';

export const PAYMENT_HISTORY_PATH = '/api/v1/pagos/historial';

/**
 * GET /api/v1/pagos/historial: the payments the signed-in user reaches, newest first; `page` is 1-based. Issue 15:
 * `query` holds q, orden, verificacion, desde and hasta, when set (decision 032).
 */
export function getPaymentHistory(
  page: number,
  perPage: number,
  query: Record<string, string> = {},
): Promise<Paged<PaymentReport>> {
  return apiRequest(PAYMENT_HISTORY_PATH, { query: { page, per_page: perPage, ...query } });
}

export function paymentHistoryQuery(page: number, perPage: number, query: Record<string, string> = {}) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'historial', { page, perPage }, query],
    queryFn: () => getPaymentHistory(page, perPage, query),
    placeholderData: keepPreviousData,
    meta: { errorMessage: PAYMENT_MESSAGES.errorHistorial },
  });
}
