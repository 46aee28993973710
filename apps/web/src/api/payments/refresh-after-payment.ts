import type { QueryClient } from '@tanstack/react-query';
import { contractHistoryQueryKey } from '../contracts/get-contract-history';
import { dashboardQueryKey } from '../dashboard/get-dashboard';
import { salesListsQueryKey } from '../sales-lists/get-client-requests';
import { paymentsQueryKey } from './query-keys';

/** A payment or an e-mail changes the payment screens, the sales lists' payment states and the income. */
export function refreshAfterPayment(queryClient: QueryClient) {
  return Promise.all(
    [paymentsQueryKey, salesListsQueryKey, contractHistoryQueryKey, dashboardQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
