import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_MESSAGES,
  PAYMENT_MESSAGES,
  type Client,
  type Paged,
  type PaymentReport,
  type RequestDto,
} from '@camposanto/domain';
import { archivos, planesFunerarios, solicitudDetalles, solicitudes } from '../src/db/schema';
import { bearer, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, daysFromNow, lastAuditId } from './helpers/fixtures';
import {
  cents,
  expectStatus,
  payCuota,
  paymentSetup,
  paymentsOf,
  pdfReceipt,
  pngReceipt,
  receiptsOnDisk,
  reportPayment,
  requestRow,
  setRate,
  textAsPdf,
} from './helpers/payment-fixtures';
import {
  convert,
  createClientVia,
  expectConverted,
  instalmentsOf,
  postRequest,
  type CreatedRequest,
  type LineOptions,
  type PlanRow,
} from './helpers/sales-fixtures';
import {} from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// SPEC §2 'Reporte de pagos', §4 Payment state, §5 request payment report, §7 Sales: the initial (financed)
// or whole (cash) payment of a request. The amount is the server's, never the client's (DESIGN §4.2), the
// rate in force is stored on the payment (DESIGN §4.9), and a request is paid once.

const RATE = 36.4567;

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let sellerA: TestUser; // supervised by `supervisor`
let sellerB: TestUser; // another seller, no supervisor
let asistente: TestUser;
let clientA: Client;
let cremacion: PlanRow; // Cremación Básica: de_contado 900, de_contado_bcv 900, cuota_3 1,166.40

beforeAll(async () => {
  t = await createTestApp();
  ({
    admin,
    supervisor,
    seller: sellerA,
    otherSeller: sellerB,
    asistente,
    cremacion,
    client: clientA,
  } = await paymentSetup(t));
});
afterAll(() => t.close());

const newRequest = (
  line: Omit<LineOptions, 'plan'> & { plan?: PlanRow },
  seller = sellerA,
  client = clientA,
) => postRequest(t.app, seller.token, client.id, { plan: cremacion, ...line });

/**
 * Every field the old client sent (SPEC §7 guardar-pago), with amounts, rate and state of its own: the server
 * must ignore them and use its own.
 */
function legacyFields(
  request: CreatedRequest,
  metodoPago: 'USD' | 'VES',
  extra: Record<string, string> = {},
) {
  return {
    numero_solicitud: request.numero_solicitud,
    cliente_id: String(clientA.id),
    vendedor_id: String(sellerA.id),
    solicitud_id: String(request.id),
    modalidadPago: 'De Contado',
    tipo_servicio: 'cremacion',
    dollarPrice: '1',
    metodoPago,
    banco_receptor: 'Banesco',
    fecha_pago: '2025-01-01 10:00:00',
    monto_usd: '1.00',
    monto_ves: '1.00',
    nro_cuota: '1',
    monto_pagado: '1.00',
    descuento: '0',
    monto_restante: '0',
    monto_total: '1.00',
    estado_pago: 'pagado',
    ...extra,
  };
}

const vesData = { banco_emisor: 'Banco de Venezuela', referencia: '00112233' };

async function filesRecorded() {
  const [row] = await t.db.select({ n: count() }).from(archivos);
  return row!.n;
}

/** What a refused payment must leave as it was: the request's states, its payments, files on disk and rows. */
async function untouched(requestId: number) {
  const request = await requestRow(t.db, requestId);
  const lines = await t.db
    .select({ estadoPago: solicitudDetalles.estadoPago })
    .from(solicitudDetalles)
    .where(eq(solicitudDetalles.solicitudId, requestId));
  return {
    estadoPago: request.estadoPago,
    lines: lines.map((line) => line.estadoPago),
    payments: (await paymentsOf(t.db, requestId)).length,
    receipts: receiptsOnDisk(t.config.dataDir).length,
    files: await filesRecorded(),
  };
}

const pending = (requestId: number) =>
  untouched(requestId).then((state) => ({
    ...state,
    receipts: expect.any(Number),
    files: expect.any(Number),
  }));

describe('POST /api/reporte-pagos/guardar-pago without an exchange rate', () => {
  it('refuses a payment in bolivars with 400 and stores nothing', async () => {
    const request = await newRequest({ metodo: 'VES' });
    const before = await untouched(request.id);

    const response = await reportPayment(t.app, sellerA.token, legacyFields(request, 'VES', vesData), [
      pngReceipt('comprobante_ves'),
    ]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.sinTasa });
    expect(await untouched(request.id)).toEqual(before);
  });
});

describe('POST /api/reporte-pagos/guardar-pago', () => {
  beforeAll(() => setRate(t.app, admin, RATE));

  it('cash in USD: pays the price with discount (not the client amount), stores the rate, request and lines pagado, audited', async () => {
    const request = await newRequest({ modalidad: 'De Contado', metodo: 'USD' });
    const auditBefore = await lastAuditId(t.db);

    const response = await reportPayment(t.app, sellerA.token, legacyFields(request, 'USD'), [
      pngReceipt('comprobante_usd', 'recibo-zelle.png'),
    ]);

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; estado_pago: string; pago: { id: number } }>();
    expect(body).toMatchObject({ message: PAYMENT_MESSAGES.registrado, estado_pago: 'pagado' });
    // SPEC §9: de_contado − 20 % = 900 − 180.
    const expected = (cents(cremacion.deContado!) * 80) / 100;
    expect(expected).toBe(72_000);
    const [payment] = await paymentsOf(t.db, request.id);
    expect(payment).toMatchObject({
      id: body.pago.id,
      tipo: 'contado',
      metodoPago: 'USD',
      vendedorId: sellerA.id,
      registradoPor: sellerA.id,
      bancoReceptor: 'Banesco',
    });
    expect(cents(payment!.divisas)).toBe(expected);
    expect(cents(payment!.montoPagado)).toBe(expected);
    expect(cents(payment!.bolivares)).toBe(0);
    expect(Number(payment!.dollarPrice)).toBe(RATE);
    expect(payment!.comprobanteUsdId).not.toBeNull();
    expect(await pending(request.id)).toMatchObject({ estadoPago: 'pagado', lines: ['pagado'], payments: 1 });

    const [entry, ...rest] = await auditSince(t.db, auditBefore);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      usuarioId: sellerA.id,
      rol: 'vendedor',
      accion: 'reportar_pago',
      entidad: 'pago',
      entidadId: String(payment!.id),
    });
    expect(entry!.descripcion).toContain(request.numero_solicitud);
    expect(entry!.descripcion).toContain('$ 720,00');
  });

  it('cash in VES: pays the plan price times the rate with a PDF receipt, stores rate, bank and reference', async () => {
    const request = await newRequest({ modalidad: 'De Contado', metodo: 'VES' });

    const response = await reportPayment(t.app, sellerA.token, legacyFields(request, 'VES', vesData), [
      pdfReceipt('comprobante_ves', 'transferencia.pdf'),
    ]);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ estado_pago: 'pagado' });
    const [payment] = await paymentsOf(t.db, request.id);
    // 900.00 × 36.4567 = 32,811.03 Bs.
    expect(cents(payment!.bolivares)).toBe(3_281_103);
    expect(cents(payment!.divisas)).toBe(0);
    expect(cents(payment!.montoPagado)).toBe(cents(cremacion.deContadoBcv!));
    expect(payment).toMatchObject({
      metodoPago: 'VES',
      dollarPrice: '36.4567',
      bancoEmisor: vesData.banco_emisor,
      referencia: vesData.referencia,
      comprobanteUsdId: null,
    });
    const [file] = await t.db.select().from(archivos).where(eq(archivos.id, payment!.comprobanteVesId!));
    expect(file).toMatchObject({ tipoMime: 'application/pdf', categoria: 'comprobante' });
    expect(file!.rutaAlmacenada).not.toContain('transferencia');
    expect(await pending(request.id)).toMatchObject({ estadoPago: 'pagado', lines: ['pagado'] });
  });

  it('financed in USD: pays the initial payment, leaves the rest owed, request and lines inicial_pagada', async () => {
    const request = await newRequest({ modalidad: 'Financiado', metodo: 'USD', cuotas: 3, pagoInicial: 150 });

    const response = await reportPayment(
      t.app,
      sellerA.token,
      legacyFields(request, 'USD', { modalidadPago: 'Financiado', monto_pagado: '9999' }),
      [pngReceipt('comprobante_usd')],
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ estado_pago: 'inicial_pagada' });
    const [payment] = await paymentsOf(t.db, request.id);
    const row = await requestRow(t.db, request.id);
    expect(payment).toMatchObject({ tipo: 'inicial', metodoPago: 'USD' });
    expect(cents(payment!.divisas)).toBe(15_000);
    expect(cents(payment!.montoPagado)).toBe(15_000);
    // cuota_3 1,166.40 − 20 % of the USD initial (30) = 1,136.40; 986.40 left after the initial.
    expect(cents(row.montoTotal)).toBe(113_640);
    expect(cents(payment!.montoRestante)).toBe(113_640 - 15_000);
    expect(await pending(request.id)).toMatchObject({
      estadoPago: 'inicial_pagada',
      lines: ['inicial_pagada'],
    });
  });

  it('financed in VES: pays the initial payment times the rate', async () => {
    const request = await newRequest({ modalidad: 'Financiado', metodo: 'VES', cuotas: 2, pagoInicial: 100 });

    const response = await reportPayment(
      t.app,
      sellerA.token,
      legacyFields(request, 'VES', { ...vesData, modalidadPago: 'Financiado' }),
      [pngReceipt('comprobante_ves')],
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ estado_pago: 'inicial_pagada' });
    const [payment] = await paymentsOf(t.db, request.id);
    expect(cents(payment!.bolivares)).toBe(364_567);
    expect(cents(payment!.montoPagado)).toBe(10_000);
    expect(payment!.dollarPrice).toBe('36.4567');
    expect(await pending(request.id)).toMatchObject({
      estadoPago: 'inicial_pagada',
      lines: ['inicial_pagada'],
    });
  });

  it('takes the rate in force at the time of the payment', async () => {
    const request = await newRequest({ metodo: 'VES' });
    await setRate(t.app, admin, 40);
    try {
      const response = await reportPayment(t.app, sellerA.token, legacyFields(request, 'VES', vesData), [
        pngReceipt('comprobante_ves'),
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const [payment] = await paymentsOf(t.db, request.id);
      expect(payment!.dollarPrice).toBe('40.0000');
      expect(cents(payment!.bolivares)).toBe(900 * 40 * 100);
    } finally {
      await setRate(t.app, admin, RATE);
    }
  });

  it('refuses a second report of the same request with 409 and keeps the first', async () => {
    const request = await newRequest({});
    expectStatus(
      await reportPayment(t.app, sellerA.token, legacyFields(request, 'USD'), [
        pngReceipt('comprobante_usd'),
      ]),
      200,
    );
    const before = await untouched(request.id);

    const again = await reportPayment(t.app, sellerA.token, legacyFields(request, 'VES', vesData), [
      pngReceipt('comprobante_ves'),
    ]);

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: PAYMENT_MESSAGES.yaReportado });
    expect(await untouched(request.id)).toEqual(before);
  });

  it('of two reports racing for one request exactly one succeeds; the other gets 409 and leaves no file', async () => {
    const request = await newRequest({});
    const receiptsBefore = receiptsOnDisk(t.config.dataDir).length;

    const responses = await Promise.all(
      ['primero.png', 'segundo.png'].map((name) =>
        reportPayment(t.app, sellerA.token, legacyFields(request, 'USD'), [
          pngReceipt('comprobante_usd', name),
        ]),
      ),
    );

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await paymentsOf(t.db, request.id)).toHaveLength(1);
    expect(receiptsOnDisk(t.config.dataDir)).toHaveLength(receiptsBefore + 1);
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('pagado');
  });

  describe('refuses incomplete data with 400 and changes nothing', () => {
    const cases: [string, 'USD' | 'VES', Record<string, string>, ('usd' | 'ves')[], string][] = [
      ['USD without receipt', 'USD', {}, [], PAYMENT_MESSAGES.comprobanteUsd],
      ['USD with only a bolivar receipt', 'USD', {}, ['ves'], PAYMENT_MESSAGES.comprobanteUsd],
      ['VES without issuing bank', 'VES', { referencia: '123' }, ['ves'], PAYMENT_MESSAGES.datosVes],
      ['VES without reference', 'VES', { banco_emisor: 'Banesco' }, ['ves'], PAYMENT_MESSAGES.datosVes],
      [
        'VES with a blank reference',
        'VES',
        { ...vesData, referencia: '  ' },
        ['ves'],
        PAYMENT_MESSAGES.datosVes,
      ],
      ['VES without receipt', 'VES', vesData, [], PAYMENT_MESSAGES.datosVes],
      ['VES with only a dollar receipt', 'VES', vesData, ['usd'], PAYMENT_MESSAGES.datosVes],
    ];
    it.each(cases)('%s', async (_name, metodo, extra, receipts, message) => {
      const request = await newRequest({ metodo });
      const before = await untouched(request.id);

      const response = await reportPayment(
        t.app,
        sellerA.token,
        legacyFields(request, metodo, extra),
        receipts.map((which) => pngReceipt(`comprobante_${which}`)),
      );

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message });
      expect(await untouched(request.id)).toEqual(before);
    });

    it('an unknown payment method is a validation error (422), an unknown request 404', async () => {
      const request = await newRequest({});
      const wrongMethod = await reportPayment(
        t.app,
        sellerA.token,
        legacyFields(request, 'USD', { metodoPago: 'EUR' }),
        [pngReceipt('comprobante_usd')],
      );
      expect(wrongMethod.statusCode).toBe(422);
      expect(JSON.stringify(wrongMethod.json())).toContain('Método de pago no válido.');
      const noRequest = await reportPayment(
        t.app,
        sellerA.token,
        legacyFields(request, 'USD', { solicitud_id: '999999' }),
        [pngReceipt('comprobante_usd')],
      );
      expect(noRequest.statusCode).toBe(404);
      expect(await untouched(request.id)).toMatchObject({ estadoPago: 'pendiente', payments: 0 });
    });
  });

  it('refuses a text file renamed .pdf with 415, leaving no file on disk and no row', async () => {
    const request = await newRequest({ metodo: 'VES' });
    const before = await untouched(request.id);

    const response = await reportPayment(t.app, sellerA.token, legacyFields(request, 'VES', vesData), [
      textAsPdf('comprobante_ves'),
    ]);

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.comprobanteTipo });
    expect(await untouched(request.id)).toEqual(before);
  });

  it("refuses another seller's request with 403 and no file; the seller's supervisor may report it", async () => {
    const request = await newRequest({});
    const before = await untouched(request.id);

    const stranger = await reportPayment(t.app, sellerB.token, legacyFields(request, 'USD'), [
      pngReceipt('comprobante_usd'),
    ]);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ detail: CONTRACT_MESSAGES.vendedorAjeno });
    expect(await untouched(request.id)).toEqual(before);

    const bySupervisor = await reportPayment(t.app, supervisor.token, legacyFields(request, 'USD'), [
      pngReceipt('comprobante_usd'),
    ]);
    expect(bySupervisor.statusCode, bySupervisor.body).toBe(200);
    const [payment] = await paymentsOf(t.db, request.id);
    expect(payment).toMatchObject({ vendedorId: sellerA.id, registradoPor: supervisor.id });
  });

  it('answers 401 without a token and 403 to roles that do not sell', async () => {
    const request = await newRequest({});
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/reporte-pagos/guardar-pago' });
    expect(anonymous.statusCode).toBe(401);
    const byAssistant = await reportPayment(t.app, asistente.token, legacyFields(request, 'USD'), [
      pngReceipt('comprobante_usd'),
    ]);
    expect(byAssistant.statusCode).toBe(403);
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('pendiente');
  });

  it('refuses an expired request with 409 and no file', async () => {
    const request = await newRequest({});
    await t.db
      .update(solicitudes)
      .set({ fechaVencimiento: daysFromNow(-1) })
      .where(eq(solicitudes.id, request.id));
    expectStatus(
      await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes/procesar-solicitudes-caducadas' }),
      200,
    );
    expect((await requestRow(t.db, request.id)).estado).toBe('caducada');
    const before = await untouched(request.id);

    const response = await reportPayment(t.app, sellerA.token, legacyFields(request, 'USD'), [
      pngReceipt('comprobante_usd'),
    ]);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.solicitudCaducada });
    expect(await untouched(request.id)).toEqual(before);
  });

  it('refuses a request past its expiry date that the expiry job has not processed yet (409)', async () => {
    const request = await newRequest({});
    await t.db
      .update(solicitudes)
      .set({ fechaVencimiento: new Date(Date.now() - 60_000) })
      .where(eq(solicitudes.id, request.id));
    const before = await untouched(request.id);

    const response = await reportPayment(t.app, sellerA.token, legacyFields(request, 'USD'), [
      pngReceipt('comprobante_usd'),
    ]);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.solicitudCaducada });
    expect(await untouched(request.id)).toEqual(before);
  });
});

describe('GET /api/reporte-pagos/solicitudes/{vendedorId}', () => {
  let sellerC: TestUser;
  let byState: Record<'pendiente' | 'pagado' | 'inicial_pagada', number[]>;
  let all: number[];

  const list = (token: string, sellerId: number, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/reporte-pagos/solicitudes/${sellerId}${query}`,
      headers: bearer(token),
    });
  const ids = (response: { json: <T>() => T }) =>
    response.json<Paged<RequestDto>>().items.map((item) => item.id);

  beforeAll(async () => {
    await setRate(t.app, admin, RATE);
    sellerC = await userWithRole(t.app, admin, 'vendedor');
    const client = await createClientVia(t.app, sellerC.token);
    const make = (line: Omit<LineOptions, 'plan'>) => newRequest(line, sellerC, client);
    const pay = async (request: CreatedRequest, metodo: 'USD' | 'VES') =>
      expectStatus(
        await reportPayment(
          t.app,
          sellerC.token,
          { solicitud_id: request.id, metodoPago: metodo, ...vesData },
          [pngReceipt(metodo === 'USD' ? 'comprobante_usd' : 'comprobante_ves')],
        ),
        200,
      );
    const p1 = await make({});
    const p2 = await make({ metodo: 'VES' });
    const paidUsd = await make({});
    await pay(paidUsd, 'USD');
    const paidVes = await make({ metodo: 'VES' });
    await pay(paidVes, 'VES');
    const initial = await make({ modalidad: 'Financiado', cuotas: 2, pagoInicial: 50 });
    await pay(initial, 'USD');
    // A paid request that became a contract is still listed; an expired one is not.
    expectConverted(await convert(t.app, admin, paidUsd.id));
    const expired = await make({});
    await t.db.update(solicitudes).set({ estado: 'caducada' }).where(eq(solicitudes.id, expired.id));
    byState = {
      pendiente: [p2.id, p1.id],
      pagado: [paidVes.id, paidUsd.id],
      inicial_pagada: [initial.id],
    };
    all = [initial.id, paidVes.id, paidUsd.id, p2.id, p1.id];
  });

  it('lists the seller’s requests newest first with their payment state; todos or no filter lists them all', async () => {
    const response = await list(sellerC.token, sellerC.id, '?page=1&per_page=10');
    expect(response.statusCode).toBe(200);
    const page = response.json<Paged<RequestDto>>();
    expect(page).toMatchObject({ total: 5, page: 1, per_page: 10 });
    expect(page.items.map((item) => item.id)).toEqual(all);
    expect(page.items.map((item) => item.estadoPago)).toEqual([
      'inicial_pagada',
      'pagado',
      'pagado',
      'pendiente',
      'pendiente',
    ]);
    expect(page.items.every((item) => item.email_enviado === false && item.vendedor_id === sellerC.id)).toBe(
      true,
    );
    expect(page.items[0]!.detalles[0]).toMatchObject({ estadoPago: 'inicial_pagada', pagoInicial: 50 });
    expect(ids(await list(sellerC.token, sellerC.id, '?estado_pago=todos'))).toEqual(all);
  });

  it.each([
    ['pendiente', 'pendiente'],
    ['pagados', 'pagado'],
    ['inicial_pagada', 'inicial_pagada'],
  ] as const)('filters estado_pago=%s', async (filter, state) => {
    const response = await list(sellerC.token, sellerC.id, `?estado_pago=${filter}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Paged<RequestDto>>().total).toBe(byState[state].length);
    expect(ids(response)).toEqual(byState[state]);
  });

  it('pages with page and per_page, each request on exactly one page', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => list(sellerC.token, sellerC.id, `?page=${page}&per_page=2`)),
    );
    expect(pages.map((page) => page.json<Paged<RequestDto>>().total)).toEqual([5, 5, 5, 5]);
    expect(pages.map(ids)).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4), []]);
    expect(
      (await list(sellerC.token, sellerC.id, '?estado_pago=pendiente&page=2&per_page=1')).json(),
    ).toMatchObject({
      total: 2,
      items: [{ id: byState.pendiente[1] }],
    });
  });

  it("refuses another seller's list with 403; their supervisor and administrators may read it", async () => {
    const stranger = await list(sellerB.token, sellerC.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ detail: CONTRACT_MESSAGES.vendedorAjeno });
    expect((await list(supervisor.token, sellerC.id)).statusCode).toBe(403);
    expect(ids(await list(admin, sellerC.id))).toEqual(all);

    const ofA = await list(supervisor.token, sellerA.id, '?per_page=100');
    expect(ofA.statusCode).toBe(200);
    const items = ofA.json<Paged<RequestDto>>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.vendedor_id === sellerA.id)).toBe(true);
    expect((await list(sellerA.token, sellerC.id)).statusCode).toBe(403);
  });

  it('refuses an unknown state filter with a validation error (422)', async () => {
    expect((await list(sellerC.token, sellerC.id, '?estado_pago=caducada')).statusCode).toBe(422);
  });
});

describe('GET /api/v1/vendedores/detalles/{clienteId}/{solicitudId}', () => {
  type Details = {
    solicitud: RequestDto;
    cliente: Client;
    difunto: Record<string, unknown>[];
    reporte_pagos: PaymentReport[];
  };
  const details = (token: string, clienteId: number, solicitudId: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/vendedores/detalles/${clienteId}/${solicitudId}`,
      headers: bearer(token),
    });

  it('answers the request, its client, no deceased, and the USD and VES payments with rate, bank and reference', async () => {
    await setRate(t.app, admin, RATE);
    const request = await newRequest({ modalidad: 'Financiado', metodo: 'USD', cuotas: 3, pagoInicial: 150 });
    expectStatus(
      await reportPayment(t.app, sellerA.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
        pngReceipt('comprobante_usd'),
      ]),
      200,
    );
    expectConverted(await convert(t.app, admin, request.id));
    const [first] = await instalmentsOf(t.db, request.id);
    // 986.40 left in two instalments of 493.20, paid in bolivars: 493.20 × 36.4567 = 17,980.44 Bs.
    expect(first!.monto).toBe('493.20');
    expectStatus(
      await payCuota(
        t.app,
        sellerA.token,
        {
          cuota_id: first!.id,
          metodo_pago: 'VES',
          metodo_ves: 'pago_movil',
          monto_ves: '17980.44',
          banco_emisor: 'Banco Mercantil',
          referencia: '998877',
        },
        [pdfReceipt('comprobante_ves')],
      ),
      200,
    );

    const response = await details(sellerA.token, clientA.id, request.id);

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Details>();
    expect(body.solicitud).toMatchObject({
      id: request.id,
      numero_solicitud: request.numero_solicitud,
      estado: 'contrato',
      estadoPago: 'inicial_pagada',
      modalidadPago: 'Financiado',
    });
    expect(body.cliente).toMatchObject({ id: clientA.id, nombre: clientA.nombre, cedula: clientA.cedula });
    expect(body.difunto).toEqual([]);
    expect(body.reporte_pagos).toHaveLength(2);
    const [usd, ves] = body.reporte_pagos;
    expect(usd).toMatchObject({
      tipo: 'inicial',
      nro_cuota: 1,
      metodo_pago: 'USD',
      divisas: 150,
      bolivares: 0,
      dollar_price: RATE,
      monto_pagado: 150,
      monto_total: 1136.4,
      monto_restante: 986.4,
      descuento: 30,
      banco_emisor: null,
      referencia: null,
      banco_receptor: 'Banesco',
      tiene_comprobante_usd: true,
      tiene_comprobante_ves: false,
    });
    expect(ves).toMatchObject({
      tipo: 'cuota',
      nro_cuota: 1,
      metodo_pago: 'VES',
      metodo_ves: 'pago_movil',
      divisas: 0,
      bolivares: 17980.44,
      dollar_price: RATE,
      monto_pagado: 493.2,
      monto_restante: 493.2,
      banco_emisor: 'Banco Mercantil',
      referencia: '998877',
      tiene_comprobante_usd: false,
      tiene_comprobante_ves: true,
    });
    expect(Number.isNaN(Date.parse(usd!.fecha_pago))).toBe(false);

    expect((await details(supervisor.token, clientA.id, request.id)).statusCode).toBe(200);
    expect((await details(admin, clientA.id, request.id)).statusCode).toBe(200);
    expect((await details(sellerB.token, clientA.id, request.id)).statusCode).toBe(403);
    const otherClient = await createClientVia(t.app, sellerA.token);
    expect((await details(sellerA.token, otherClient.id, request.id)).statusCode).toBe(404);
    expect((await details(sellerA.token, clientA.id, 999_999)).statusCode).toBe(404);
  });

  it('lists the deceased of a funeral request', async () => {
    const [wake] = await t.db.select().from(planesFunerarios).limit(1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes',
      headers: bearer(sellerA.token),
      payload: [
        {
          cliente_id: clientA.id,
          tipo_servicio: 'Servicio Funerario',
          plan_funerario_id: wake!.id,
          difuntos: [
            { nombre_difunto: 'Carmen Díaz', cedula_difunto: 'V-1234567', causa_defuncion: 'Natural' },
          ],
        },
      ],
    });
    expectStatus(response, 200);
    const { id } = response.json<{ items: { id: number }[] }>().items[0]!;

    const body = (await details(sellerA.token, clientA.id, id)).json<Details>();

    expect(body.difunto).toEqual([
      expect.objectContaining({
        nombre_difunto: 'Carmen Díaz',
        cedula_difunto: 'V-1234567',
        causa_defuncion: 'Natural',
      }),
    ]);
    expect(body.reporte_pagos).toEqual([]);
  });
});
