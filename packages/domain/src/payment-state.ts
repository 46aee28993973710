import { instalmentState } from './payments';

/**
 * Issue 10 §7: the state a payment shows in its history is the payment's own, never the state its request is in
 * now. An instalment payment shows the state of the instalment it paid; a recorded initial payment is the initial
 * paid, and a recorded cash payment is the whole price paid.
 */
export function paymentOwnState(payment: {
  tipo: string;
  estadoCuota: string | null;
  /** Issue 14 §3: a rejected payment paid nothing. */
  estadoVerificacion?: string;
}): 'pagado' | 'inicial_pagada' | 'pendiente' | 'vencido' {
  if (payment.estadoVerificacion === 'rechazado') return 'pendiente';
  if (payment.tipo === 'cuota') return instalmentState(payment.estadoCuota ?? '');
  return payment.tipo === 'inicial' ? 'inicial_pagada' : 'pagado';
}

/**
 * Issue 14 §3: a request's estado_pago from what is paid on it, as the payment routes move it (SPEC §4 Payment
 * state), so that a rejection can compute it again. A cash request is pagado once its payment stands. A financed
 * one is pagado once its initial is settled (paid, or none due) and every instalment of its schedule is paid,
 * inicial_pagada once its initial is paid, and pendiente otherwise.
 */
export function requestPaymentState(request: {
  modalidadPago: string;
  /** A payment of the request itself (initial or cash) that was not rejected. */
  hasRequestPayment: boolean;
  /** A financed request with no initial payment due (`hasNothingDueNow`). */
  nothingDueNow: boolean;
  /** The states of its instalments (empty before the conversion). */
  instalments: readonly string[];
}): 'pendiente' | 'inicial_pagada' | 'pagado' {
  if (request.modalidadPago !== 'Financiado') return request.hasRequestPayment ? 'pagado' : 'pendiente';
  const isSettled = request.hasRequestPayment || request.nothingDueNow;
  const allPaid = request.instalments.length > 0 && request.instalments.every((state) => state === 'pagado');
  if (isSettled && allPaid) return 'pagado';
  return request.hasRequestPayment ? 'inicial_pagada' : 'pendiente';
}
