import type { InstalmentPaymentType, PaymentSaved, VesMethod } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterPayment } from '../payments/refresh-after-payment';
import { uploadForm, type UploadOptions } from '../upload';

/** SPEC §3 Payment report (sent, instalment), with the amounts as typed (two decimals). */
export interface InstalmentPaymentInput {
  instalmentId: number;
  contractId: number;
  contractNumber: string | null;
  instalmentNumber: number;
  sellerId: string;
  paymentType: InstalmentPaymentType;
  usdAmount: string;
  vesAmount: string;
  vesMethod: VesMethod | null;
  issuingBank: string;
  reference: string;
  usdReceipt: File | null;
  vesReceipt: File | null;
  notes: string;
}

export function instalmentPaymentForm(input: InstalmentPaymentInput): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    cuota_id: String(input.instalmentId),
    contrato_id: String(input.contractId),
    numero_contrato: input.contractNumber ?? '',
    nro_cuota: String(input.instalmentNumber),
    vendedor_id: input.sellerId,
    metodo_pago: input.paymentType,
    monto_usd: input.usdAmount,
    monto_ves: input.vesAmount,
    // SPEC §4: a payment report is sent with estado_pago pagado.
    estado_pago: 'pagado',
    observaciones: input.notes,
  };
  if (input.paymentType !== 'USD' && input.vesMethod) {
    fields.metodo_ves = input.vesMethod;
    fields.banco_emisor = input.issuingBank;
    fields.referencia = input.reference;
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (input.usdReceipt) form.append('comprobante_usd', input.usdReceipt, input.usdReceipt.name);
  if (input.vesReceipt) form.append('comprobante_ves', input.vesReceipt, input.vesReceipt.name);
  return form;
}

/** SPEC §7 POST /api/v1/cuotas/pago-cuota (multipart); the answer carries `message`. */
export function payInstalment(input: InstalmentPaymentInput, options?: UploadOptions): Promise<PaymentSaved> {
  return uploadForm('/api/v1/cuotas/pago-cuota', instalmentPaymentForm(input), options);
}

export function usePayInstalment(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InstalmentPaymentInput) => payInstalment(input, { onProgress }),
    // SPEC §4: the contract's instalments and the contract list reload (both are payment queries).
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
