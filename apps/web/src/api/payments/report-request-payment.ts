import type { PaymentMethod, PaymentSaved } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm, type UploadOptions } from '../upload';
import { refreshAfterPayment } from './refresh-after-payment';

export interface RequestPaymentInput {
  requestId: number;
  method: PaymentMethod;
  issuingBank: string;
  reference: string;
  receipt: File;
}

/**
 * SPEC §7 POST /api/reporte-pagos/guardar-pago (multipart). The amounts are the server's (SPEC §5): only
 * what the payer chose is sent.
 */
export function reportRequestPayment(
  input: RequestPaymentInput,
  options?: UploadOptions,
): Promise<PaymentSaved> {
  const form = new FormData();
  form.append('solicitud_id', String(input.requestId));
  form.append('metodoPago', input.method);
  if (input.method === 'VES') {
    form.append('banco_emisor', input.issuingBank);
    form.append('referencia', input.reference);
  }
  const field = input.method === 'USD' ? 'comprobante_usd' : 'comprobante_ves';
  form.append(field, input.receipt, input.receipt.name);
  return uploadForm('/api/reporte-pagos/guardar-pago', form, options);
}

export function useReportRequestPayment(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestPaymentInput) => reportRequestPayment(input, { onProgress }),
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
