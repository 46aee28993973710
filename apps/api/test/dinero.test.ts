import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INICIAL_EXCEDE_COLUMBARIO,
  PAYMENT_MESSAGES,
  PRICING_MESSAGES,
  type Client,
  type RequestDto,
} from '@camposanto/domain';
import { bearer, type TestUser } from './helpers/auth';
import { auditSince, lastAuditId } from './helpers/fixtures';
import {
  cents,
  expectStatus,
  moneySnapshot,
  payCuota,
  paymentSetup,
  paymentsOf,
  pngReceipt,
  reportPayment,
  requestRow,
} from './helpers/payment-fixtures';
import {
  convert,
  expectConverted,
  instalmentsOf,
  postRequest,
  requestBody,
  type LineOptions,
  type PlanRow,
} from './helpers/sales-fixtures';
import { expectBalanced } from './helpers/money-invariants';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 10, each defect seen through the API (DESIGN §4.2, §4.12): no path stores an amount that breaks the
// pricing rule, and after any payment total = discount + paid + outstanding, to the cent.

const RATE = 40;

let t: TestApp;
let admin: string;
let seller: TestUser;
let client: Client;
let cremacion: PlanRow; // de_contado 900, financiado 1,080, cuota_2 1,123.20, cuota_3 1,166.40

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, seller, cremacion, client } = await paymentSetup(t, { rate: RATE }));
});
afterAll(() => t.close());

const postLine = (line: Omit<LineOptions, 'plan'>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/solicitudes/',
    headers: bearer(seller.token),
    payload: [requestBody(client.id, { plan: cremacion, ...line })],
  });

/** A cremation financed in `cuotas`, priced in USD with an initial of `pagoInicial` dollars. */
const financedInUsd = (cuotas: number, pagoInicial: number) =>
  postRequest(t.app, seller.token, client.id, {
    plan: cremacion,
    modalidad: 'Financiado',
    metodo: 'USD',
    cuotas,
    pagoInicial,
  });

const payRequest = (solicitudId: number, metodoPago: 'USD' | 'VES') =>
  reportPayment(
    t.app,
    seller.token,
    { solicitud_id: solicitudId, metodoPago, banco_emisor: 'Banesco', referencia: '123456' },
    [pngReceipt(metodoPago === 'USD' ? 'comprobante_usd' : 'comprobante_ves')],
  );

async function details(solicitudId: number): Promise<RequestDto> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/vendedores/detalles/${client.id}/${solicitudId}`,
    headers: bearer(seller.token),
  });
  return expectStatus(response, 200).json<{ solicitud: RequestDto }>().solicitud;
}

describe('defect 1: a USD initial plus its 20 % discount cannot exceed the financed total', () => {
  it.each([
    ['initial equal to the 2-cuota total', 2, 1123.2],
    ['initial 1,000 on a 1,166.40 total (it left −33.60)', 3, 1000],
  ])('%s: 400 with the SPEC text and nothing saved', async (_case, cuotas, pagoInicial) => {
    const before = await moneySnapshot(t.db);
    const response = await postLine({ modalidad: 'Financiado', metodo: 'USD', cuotas, pagoInicial });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: PRICING_MESSAGES.inicialExcede });
    expect(await moneySnapshot(t.db)).toEqual(before);
  });

  it('the columbarium words it its own way (SPEC §5)', () => {
    expect(INICIAL_EXCEDE_COLUMBARIO).toBe('El monto inicial no puede ser igual o mayor al precio total.');
  });
});

describe('defect 2: the payment currency is tied to the price', () => {
  it('a cash USD request (720 after a 180 discount) paid in VES is repriced: 900 paid, no discount, audited', async () => {
    const created = await postRequest(t.app, seller.token, client.id, { plan: cremacion, metodo: 'USD' });
    const shown = await details(created.id);
    expect(shown.precios_por_metodo).toEqual({
      USD: { monto_total: 720, descuento: 180, monto_a_pagar: 720 },
      VES: { monto_total: 900, descuento: 0, monto_a_pagar: 900 },
    });
    const auditFrom = await lastAuditId(t.db);
    expectStatus(await payRequest(created.id, 'VES'), 200);
    const row = await requestRow(t.db, created.id);
    expect(row).toMatchObject({
      metodoPago: 'VES',
      montoTotal: '900.00',
      descuento: '0.00',
      estadoPago: 'pagado',
    });
    const [payment] = await paymentsOf(t.db, created.id);
    expect(payment).toMatchObject({
      montoPagado: '900.00',
      montoTotal: '900.00',
      descuento: '0.00',
      bolivares: '36000.00',
      montoRestante: '0.00',
    });
    const actions = (await auditSince(t.db, auditFrom)).map((entry) => entry.accion);
    expect(actions).toEqual(expect.arrayContaining(['reprecio_solicitud', 'reportar_pago']));
    await expectBalanced(t.db, created.id);
  });

  it('a financed USD request whose initial is paid in VES loses the discount; instalments carry the balance', async () => {
    const created = await financedInUsd(3, 500);
    expectStatus(await payRequest(created.id, 'VES'), 200);
    const row = await requestRow(t.db, created.id);
    expect(row).toMatchObject({ montoTotal: '1166.40', descuento: '0.00', estadoPago: 'inicial_pagada' });
    const [payment] = await paymentsOf(t.db, created.id);
    expect(payment).toMatchObject({ montoPagado: '500.00', montoRestante: '666.40', bolivares: '20000.00' });
    expectConverted(await convert(t.app, admin, created.id));
    const instalments = await instalmentsOf(t.db, created.id);
    expect(instalments.map((cuota) => cuota.monto)).toEqual(['333.20', '333.20']);
    await expectBalanced(t.db, created.id);
  });

  it('paid in its own currency, a request keeps its price', async () => {
    const created = await financedInUsd(3, 500);
    expectStatus(await payRequest(created.id, 'USD'), 200);
    expect(await requestRow(t.db, created.id)).toMatchObject({ montoTotal: '1066.40', descuento: '100.00' });
    await expectBalanced(t.db, created.id);
  });
});

describe('defects 5 and 9: nothing outstanding is pagado; nothing to pay is nothing to report', () => {
  it('a financed request with no initial reports no payment, can be e-mailed and converted as it is', async () => {
    const created = await financedInUsd(2, 0);
    const before = await moneySnapshot(t.db);
    const report = await payRequest(created.id, 'USD');
    expect(report.statusCode).toBe(400);
    expect(report.json()).toEqual({ detail: PAYMENT_MESSAGES.sinPagoInicial });
    expect(await moneySnapshot(t.db)).toEqual(before);
    const mail = await t.app.inject({
      method: 'POST',
      url: '/api/enviar_correo',
      headers: bearer(seller.token),
      payload: { solicitud_id: created.id },
    });
    expectStatus(mail, 200);
    expectConverted(await convert(t.app, admin, created.id));
    const instalments = await instalmentsOf(t.db, created.id);
    expect(instalments.map((cuota) => cuota.monto)).toEqual(['1123.20']);
    await expectBalanced(t.db, created.id);
  });
});

describe('defect 6: a single-currency instalment equals the instalment exactly', () => {
  it('refuses 1,103.99 USD against 1,104.00 and 0.01 Bs. short in VES; accepts the exact amounts', async () => {
    const created = await financedInUsd(3, 100);
    expectStatus(await payRequest(created.id, 'USD'), 200);
    expectConverted(await convert(t.app, admin, created.id));
    const [first, second] = await instalmentsOf(t.db, created.id);
    const due = cents(first!.monto);
    const usd = (amount: string) => ({ cuota_id: first!.id, metodo_pago: 'USD', monto_usd: amount });
    const short = await payCuota(t.app, seller.token, usd(((due - 1) / 100).toFixed(2)), [
      pngReceipt('comprobante_usd'),
    ]);
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ detail: PAYMENT_MESSAGES.montoNoCoincide });
    expectStatus(
      await payCuota(t.app, seller.token, usd(first!.monto), [pngReceipt('comprobante_usd')]),
      200,
    );

    const ves = (amount: string) => ({
      cuota_id: second!.id,
      metodo_pago: 'VES',
      metodo_ves: 'transferencia',
      monto_ves: amount,
      banco_emisor: 'Banesco',
      referencia: '998877',
    });
    const exactBs = (cents(second!.monto) * RATE) / 100;
    const vesShort = await payCuota(t.app, seller.token, ves((exactBs - 0.01).toFixed(2)), [
      pngReceipt('comprobante_ves'),
    ]);
    expect(vesShort.statusCode).toBe(400);
    expectStatus(
      await payCuota(t.app, seller.token, ves(exactBs.toFixed(2)), [pngReceipt('comprobante_ves')]),
      200,
    );
    await expectBalanced(t.db, created.id);
  });
});
