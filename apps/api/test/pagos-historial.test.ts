import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomeSummary, Paged, PaymentReport } from '@camposanto/domain';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { imageBytes, multipartBody } from './helpers/multipart';
import {
  convert,
  createClientVia,
  expectConverted,
  instalmentsOf,
  postRequest,
  seedPlans,
} from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// /ventas/historial-pagos shows each payment with the state its request or contract is in now, and the
// income summary's totals are the payments' sums.

let t: TestApp;
let admin: string;
let seller: TestUser;
let solicitudId: number;

async function post(url: string, fields: Record<string, string>, receipt?: string) {
  const { payload, headers } = await multipartBody([
    ...Object.entries(fields).map(([field, value]) => ({ field, value })),
    ...(receipt
      ? [{ field: receipt, filename: `${receipt}.png`, content: imageBytes('png'), type: 'image/png' }]
      : []),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...bearer(seller.token) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function history(): Promise<PaymentReport[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/pagos/historial?page=1&per_page=10',
    headers: bearer(seller.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Paged<PaymentReport>>().items;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  seller = await userWithRole(t.app, admin, 'vendedor');
  const plan = await seedPlans(t.db);
  const client = await createClientVia(t.app, seller.token);
  const created = await postRequest(t.app, seller.token, client.id, {
    plan: plan('Cremación Básica'),
    modalidad: 'Financiado',
    metodo: 'USD',
    cuotas: 2,
    pagoInicial: 100,
  });
  solicitudId = created.id;
});

afterAll(() => t.close());

describe('payment history states', () => {
  it('shows the initial payment with the request inicial_pagada, then every payment pagado once all is paid', async () => {
    await post(
      '/api/reporte-pagos/guardar-pago',
      { solicitud_id: String(solicitudId), metodoPago: 'USD' },
      'comprobante_usd',
    );
    expect((await history()).map((payment) => [payment.tipo, payment.estado_pago])).toEqual([
      ['inicial', 'inicial_pagada'],
    ]);

    expectConverted(await convert(t.app, admin, solicitudId));
    const [instalment] = await instalmentsOf(t.db, solicitudId);
    await post(
      '/api/v1/cuotas/pago-cuota',
      { cuota_id: String(instalment!.id), metodo_pago: 'USD', monto_usd: instalment!.monto },
      'comprobante_usd',
    );

    const payments = await history();
    expect(payments.map((payment) => [payment.tipo, payment.estado_pago])).toEqual([
      ['cuota', 'pagado'],
      ['inicial', 'pagado'],
    ]);

    const income = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/historial-ingresos-resumen',
      headers: bearer(admin),
    });
    const { totales } = income.json<IncomeSummary>();
    const paid = payments.reduce((sum, payment) => sum + Math.round(payment.monto_pagado * 100), 0);
    expect(Math.round(totales.suma_total_pagos * 100)).toBe(paid);
  });
});
