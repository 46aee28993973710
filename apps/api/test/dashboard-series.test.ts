import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSeries, InstalmentsByMonth } from '@camposanto/domain';
import { cuotas, pagos, solicitudes } from '../src/db/schema';
import { addMonths, businessDate, businessDayStart } from '../src/lib/business-time';
import { bearer } from './helpers/auth';
import { debtClient, debtContract } from './helpers/debts';
import {
  expectStatus,
  payCuota,
  paymentSetup,
  pdfReceipt,
  pngReceipt,
  reportPayment,
  type PaymentSetup,
} from './helpers/payment-fixtures';
import {
  convert,
  createClientVia,
  expectConverted,
  instalmentsOf,
  postRequest,
} from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 15: the welcome pages' series (docs/decisions/030). Sales, payments and instalments are made through the
// API, then dated into chosen business months (Caracas, UTC−04:00) by writing their dates, as time would have.

const RATE = 36.4567;
const URL = '/api/v1/vendedores/ventas/dashboard/series';

let t: TestApp;
let s: PaymentSetup;
/** The last three business months: two months ago, last month, this month (indexes 9, 10, 11 of the series). */
let months: { m2: string; m1: string; m0: string; m11: string };
const M2 = 9;
const M1 = 10;
const M0 = 11;

/** The instant a business month starts in Caracas (04:00 UTC on its first day). */
const monthStart = (month: string) => businessDayStart(`${month}-01`);
const SECOND = 1000;

async function paidCash(token: string, clienteId: number, plan: string, metodoPago: 'USD' | 'VES') {
  const request = await postRequest(t.app, token, clienteId, { plan: s.planOf(plan), metodo: metodoPago });
  const response = expectStatus(
    await reportPayment(
      t.app,
      token,
      {
        solicitud_id: request.id,
        metodoPago,
        ...(metodoPago === 'VES' ? { banco_emisor: 'Banesco', referencia: `REF-${request.id}` } : {}),
      },
      [metodoPago === 'USD' ? pngReceipt('comprobante_usd') : pdfReceipt('comprobante_ves')],
    ),
    200,
  );
  return { request, paymentId: response.json<{ pago: { id: number } }>().pago.id };
}

const dateSale = (id: number, at: Date) =>
  t.db.update(solicitudes).set({ fechaCreacion: at }).where(eq(solicitudes.id, id));
const datePayment = (id: number, at: Date) =>
  t.db.update(pagos).set({ fechaPago: at }).where(eq(pagos.id, id));

beforeAll(async () => {
  t = await createTestApp();
  s = await paymentSetup(t, { rate: RATE });
  const m0 = businessDate(new Date()).slice(0, 7);
  const monthsAgo = (n: number) => addMonths(`${m0}-01`, -n).slice(0, 7);
  months = { m0, m1: monthsAgo(1), m2: monthsAgo(2), m11: monthsAgo(11) };

  // Two months ago: a cash sale in USD (720.00, Cremación Básica less 20 %), paid one second before last month
  // began in Caracas (23:59:59 of its last day), so still two months ago.
  const s1 = await paidCash(s.seller.token, s.client.id, 'Cremación Básica', 'USD');
  await dateSale(s1.request.id, new Date(monthStart(months.m2).getTime() + 14 * 86_400 * SECOND));
  await datePayment(s1.paymentId, new Date(monthStart(months.m1).getTime() - SECOND));

  // Last month: a cash sale in VES, 900.00 at 36.4567 = 32,811.03 Bs., made one second before this month began
  // and paid at the first instant of last month.
  const s2 = await paidCash(s.seller.token, s.client.id, 'Cremación Básica', 'VES');
  await dateSale(s2.request.id, new Date(monthStart(months.m0).getTime() - SECOND));
  await datePayment(s2.paymentId, monthStart(months.m1));

  // This month: a financed contract, 4 cuotas, 200.00 initial in USD: 1,209.60 − 40.00 − 200.00 = 969.60,
  // three instalments of 323.20: the first paid in VES, the second in both currencies, the third overdue.
  const s3 = await postRequest(t.app, s.seller.token, s.client.id, {
    plan: s.cremacion,
    modalidad: 'Financiado',
    metodo: 'USD',
    cuotas: 4,
    pagoInicial: 200,
  });
  expectStatus(
    await reportPayment(t.app, s.seller.token, { solicitud_id: s3.id, metodoPago: 'USD' }, [
      pngReceipt('comprobante_usd'),
    ]),
    200,
  );
  expectConverted(await convert(t.app, s.admin, s3.id));
  const [first, second, third] = await instalmentsOf(t.db, s3.id);
  const ves = { metodo_ves: 'transferencia', banco_emisor: 'Banesco' };
  expectStatus(
    await payCuota(
      t.app,
      s.seller.token,
      // 323.20 × 36.4567 = 11,782.81 Bs.
      { ...ves, cuota_id: first!.id, metodo_pago: 'VES', monto_ves: '11782.81', referencia: 'C1' },
      [pdfReceipt('comprobante_ves')],
    ),
    200,
  );
  expectStatus(
    await payCuota(
      t.app,
      s.seller.token,
      // 100.00 + 8,137.00 Bs. ÷ 36.4567 (223.1956…, 223.20 to the cent) = 323.20.
      {
        ...ves,
        cuota_id: second!.id,
        metodo_pago: 'Ambos',
        monto_usd: '100.00',
        monto_ves: '8137.00',
        referencia: 'C2',
      },
      [pngReceipt('comprobante_usd'), pdfReceipt('comprobante_ves')],
    ),
    200,
  );
  // Both paid instalments fell due last month; the third falls due on this month's first day and is overdue.
  await t.db
    .update(cuotas)
    .set({ fechaVencimiento: `${months.m1}-05` })
    .where(eq(cuotas.id, first!.id));
  await t.db
    .update(cuotas)
    .set({ fechaVencimiento: `${months.m1}-25` })
    .where(eq(cuotas.id, second!.id));
  await t.db
    .update(cuotas)
    .set({ fechaVencimiento: `${months.m0}-01`, estadoPago: 'vencido' })
    .where(eq(cuotas.id, third!.id));

  // This month, the other seller: a cash sale in USD (480.00) and a contract with one instalment due today.
  const otherClient = await createClientVia(t.app, s.otherSeller.token);
  await paidCash(s.otherSeller.token, otherClient.id, 'Honra de Exequias Sencilla', 'USD');
  const debtor = await debtClient(t.db, s.otherSeller.id);
  await debtContract(t.db, {
    sellerId: s.otherSeller.id,
    clientId: debtor.id,
    servicio: 'inhumacion',
    instalments: [{ monto: '100.05', daysOverdue: 0 }],
  });

  // Not counted: a payment administración rejected (its sale still is one), an expired request, and a sale and
  // its payment twelve months ago, one second before the window opens.
  const rejected = await paidCash(s.seller.token, s.client.id, 'Cremación Básica', 'USD');
  expectStatus(
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/pagos/${rejected.paymentId}/verificar`,
      headers: bearer(s.admin),
      payload: { decision: 'rechazado', motivo: 'Comprobante ilegible' },
    }),
    200,
  );
  const expired = await postRequest(t.app, s.seller.token, s.client.id, { plan: s.cremacion });
  await t.db.update(solicitudes).set({ estado: 'caducada' }).where(eq(solicitudes.id, expired.id));
  const old = await paidCash(s.seller.token, s.client.id, 'Honra de Exequias Sencilla', 'USD');
  await dateSale(old.request.id, new Date(monthStart(months.m11).getTime() - SECOND));
  await datePayment(old.paymentId, new Date(monthStart(months.m11).getTime() - SECOND));
});
afterAll(() => t?.close());

async function seriesAs(token: string) {
  const response = await t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DashboardSeries>();
}

/** Twelve zeros with the given values at the given indexes. */
const monthly = (values: Record<number, number>) =>
  Array.from({ length: 12 }, (_, index) => values[index] ?? 0);
const noInstalments = (mes: string): InstalmentsByMonth => ({
  mes,
  vencen: 0,
  monto_vencen: 0,
  pagadas: 0,
  monto_pagadas: 0,
  vencidas: 0,
  monto_vencidas: 0,
});

describe(`GET ${URL}`, () => {
  it('answers the last twelve business months in Caracas, oldest first', async () => {
    const series = await seriesAs(s.admin);
    expect(series.meses).toHaveLength(12);
    expect(series.meses.slice(M2)).toEqual([months.m2, months.m1, months.m0]);
    expect(series.meses[0]).toBe(months.m11);
  });

  it('counts the office’s requests per month and service, at the Caracas month boundary, without expired ones', async () => {
    const series = await seriesAs(s.admin);
    expect(series.ventas_por_servicio).toEqual([
      // The month boundary: made at 23:59:59 of last month's last day in Caracas (03:59:59 UTC this month).
      {
        tipo_servicio: 'cremacion',
        solicitudes: monthly({ [M2]: 1, [M1]: 1, [M0]: 2 }),
        contratos: monthly({ [M0]: 1 }),
      },
      { tipo_servicio: 'honra-exequias', solicitudes: monthly({ [M0]: 1 }), contratos: monthly({}) },
      { tipo_servicio: 'inhumacion', solicitudes: monthly({ [M0]: 1 }), contratos: monthly({ [M0]: 1 }) },
    ]);
  });

  it('sums the office’s income per month by currency to the cent, bolívares at each payment’s rate, without rejected payments', async () => {
    const series = await seriesAs(s.admin);
    expect(series.ingresos_por_moneda.slice(M2)).toEqual([
      { mes: months.m2, pagos: 1, usd: 720, bolivares: 0, bolivares_en_usd: 0, total_usd: 720 },
      { mes: months.m1, pagos: 1, usd: 0, bolivares: 32811.03, bolivares_en_usd: 900, total_usd: 900 },
      // 200.00 + 100.00 + 480.00 in dollars; 11,782.81 + 8,137.00 Bs. = 323.20 + 223.20 in dollars.
      { mes: months.m0, pagos: 4, usd: 780, bolivares: 19919.81, bolivares_en_usd: 546.4, total_usd: 1326.4 },
    ]);
    // Twelve months ago (one second before the window) is not in it.
    expect(series.ingresos_por_moneda.slice(0, M2).every((month) => month.pagos === 0)).toBe(true);
  });

  it('counts the instalments due each month, paid and overdue, with their amounts', async () => {
    const series = await seriesAs(s.admin);
    expect(series.cuotas_por_mes.slice(M2)).toEqual([
      noInstalments(months.m2),
      {
        mes: months.m1,
        vencen: 2,
        monto_vencen: 646.4,
        pagadas: 2,
        monto_pagadas: 646.4,
        vencidas: 0,
        monto_vencidas: 0,
      },
      {
        mes: months.m0,
        vencen: 2,
        monto_vencen: 423.25,
        pagadas: 0,
        monto_pagadas: 0,
        vencidas: 1,
        monto_vencidas: 323.2,
      },
    ]);
  });

  it('answers an asistente what it answers an administrador', async () => {
    expect(await seriesAs(s.asistente.token)).toEqual(await seriesAs(s.admin));
  });

  it('shows a seller only their own sales, payments and instalments', async () => {
    const series = await seriesAs(s.seller.token);
    expect(series.ventas_por_servicio).toEqual([
      {
        tipo_servicio: 'cremacion',
        solicitudes: monthly({ [M2]: 1, [M1]: 1, [M0]: 2 }),
        contratos: monthly({ [M0]: 1 }),
      },
    ]);
    expect(series.ingresos_por_moneda[M0]).toEqual({
      mes: months.m0,
      pagos: 3,
      usd: 300,
      bolivares: 19919.81,
      bolivares_en_usd: 546.4,
      total_usd: 846.4,
    });
    expect(series.cuotas_por_mes[M0]).toMatchObject({ vencen: 1, monto_vencen: 323.2, vencidas: 1 });

    const other = await seriesAs(s.otherSeller.token);
    expect(other.ventas_por_servicio.map((row) => row.tipo_servicio)).toEqual([
      'honra-exequias',
      'inhumacion',
    ]);
    expect(other.ingresos_por_moneda.map((month) => month.total_usd)).toEqual(monthly({ [M0]: 480 }));
    expect(other.cuotas_por_mes[M0]).toMatchObject({
      vencen: 1,
      monto_vencen: 100.05,
      pagadas: 0,
      vencidas: 0,
    });
    expect(other.cuotas_por_mes[M1]).toEqual(noInstalments(months.m1));
  });

  it('shows a supervisor their team: the seller they lead (and their own sales, none here)', async () => {
    expect(await seriesAs(s.supervisor.token)).toEqual(await seriesAs(s.seller.token));
  });

  it('refuses a request without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(401);
  });
});
