import { instalmentState } from './payments';

/**
 * Issue 10 §7: the state a payment shows in its history is the payment's own, never the state its request is in
 * now. An instalment payment shows the state of the instalment it paid; a recorded initial payment is the initial
 * paid, and a recorded cash payment is the whole price paid.
 */
export function paymentOwnState(payment: {
  tipo: string;
  estadoCuota: string | null;
}): 'pagado' | 'inicial_pagada' | 'pendiente' | 'vencido' {
  if (payment.tipo === 'cuota') return instalmentState(payment.estadoCuota ?? '');
  return payment.tipo === 'inicial' ? 'inicial_pagada' : 'pagado';
}
