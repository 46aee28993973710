import type { VerificationDecided, VerificationDecisionInput } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { refreshAfterPayment } from '../payments/refresh-after-payment';
import { verificationQueueQueryKey } from './get-verification-queue';

/** Issue 14 POST /api/v1/admin/pagos/{id}/verificar: verified, or rejected with its reason. */
export function verifyPayment(
  paymentId: number,
  body: VerificationDecisionInput,
): Promise<VerificationDecided> {
  return apiRequest(`/api/v1/admin/pagos/${paymentId}/verificar`, { method: 'POST', json: body });
}

export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: number; body: VerificationDecisionInput }) =>
      verifyPayment(paymentId, body),
    // Whatever the answer (another office user may have decided first), the queue is read again; a rejection
    // also changes the requests, instalments, histories and the dashboard's totals.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationQueueQueryKey }),
        refreshAfterPayment(queryClient),
      ]),
  });
}
