import type { PaymentReport } from '@camposanto/domain';

/** What a payment paid: the initial payment, the whole cash price, or an instalment by its number. */
export function paymentConcept(payment: Pick<PaymentReport, 'tipo' | 'nro_cuota'>): string {
  if (payment.tipo === 'cuota') return `Cuota #${payment.nro_cuota ?? '—'}`;
  return payment.tipo === 'contado' ? 'Pago de contado' : 'Pago inicial';
}
