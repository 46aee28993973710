import { apiRequest } from '../client';

export type ReceiptCurrency = 'usd' | 'ves';

/** GET /api/v1/pagos/{id}/comprobante/{usd|ves}: receipts are personal data, served only with the token. */
export function getPaymentReceipt(paymentId: number, currency: ReceiptCurrency): Promise<Blob> {
  return apiRequest(`/api/v1/pagos/${paymentId}/comprobante/${currency}`, { responseType: 'blob' });
}
