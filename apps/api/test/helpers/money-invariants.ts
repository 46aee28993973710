import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { solicitudDetalles } from '../../src/db/schema';
import { cents, paymentsOf, requestRow } from './payment-fixtures';
import { instalmentsOf } from './sales-fixtures';

/**
 * DESIGN §4.12, read from the stored rows of one request or contract: no amount is negative, the instalments
 * add up to the financed balance, and total = discount + paid + outstanding, to the cent. Outstanding is what
 * the request still asks (its total less what was paid), or for a contract its unpaid instalments plus an
 * initial not reported yet.
 */
export async function expectBalanced(db: Db, solicitudId: number) {
  const request = await requestRow(db, solicitudId);
  const payments = await paymentsOf(db, solicitudId);
  const instalments = await instalmentsOf(db, solicitudId);
  const lines = await db
    .select()
    .from(solicitudDetalles)
    .where(eq(solicitudDetalles.solicitudId, solicitudId));
  const sum = (values: (string | number)[]) =>
    values.reduce<number>((total, value) => total + cents(value), 0);
  const paid = sum(payments.map((payment) => payment.montoPagado));
  const initial = sum(lines.map((line) => line.pagoInicial));
  const isInitialReported = payments.some((payment) => payment.tipo !== 'cuota');
  const outstanding =
    request.estado === 'contrato'
      ? sum(instalments.filter((cuota) => cuota.estadoPago !== 'pagado').map((cuota) => cuota.monto)) +
        (isInitialReported ? 0 : initial)
      : cents(request.montoTotal) - paid;
  expect(cents(request.precioPlan)).toBe(cents(request.descuento) + paid + outstanding);
  const stored = [
    request.precioPlan,
    request.montoTotal,
    request.descuento,
    ...lines.flatMap((line) => [line.precioTotal, line.descuento, line.pagoInicial, line.montoPorCuota]),
    ...payments.flatMap((p) => [p.montoPagado, p.montoRestante, p.montoTotal, p.divisas, p.bolivares]),
    ...instalments.map((cuota) => cuota.monto),
  ];
  for (const value of stored) expect(cents(value)).toBeGreaterThanOrEqual(0);
  if (request.estado === 'contrato' && request.modalidadPago === 'Financiado') {
    expect(instalments.length).toBeGreaterThan(0);
    expect(sum(instalments.map((cuota) => cuota.monto))).toBe(cents(request.montoTotal) - initial);
  }
  return { request, instalments, isInitialDue: !isInitialReported && initial > 0 };
}
