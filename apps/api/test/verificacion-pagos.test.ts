import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  VERIFICATION_MESSAGES,
  type Client,
  type Dashboard,
  type IncomeSummary,
  type PaymentSaved,
  type VerificationDecided,
  type VerificationPage,
} from '@camposanto/domain';
import { rowsOf } from '../src/db/rows';
import { cuotas, pagadoSolicitud, pagos } from '../src/db/schema';
import { bearer, type TestUser } from './helpers/auth';
import { auditSince, lastAuditId } from './helpers/fixtures';
import { startMailServer, type MailServer } from './helpers/mail-server';
import { decodeHeader, htmlOf } from './helpers/mime';
import {
  cents,
  expectStatus,
  payCuota,
  paymentSetup,
  pdfReceipt,
  pngReceipt,
  reportPayment,
  requestRow,
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
import { lockingInTurn } from './helpers/concurrency';

// Issue 14 §3 (decision 023): every reported payment starts por_verificar; administración or an asistente verify
// or reject it (with a reason) from the queue; a rejection undoes what the payment did, in one transaction,
// tells the seller by e-mail (a real SMTP server on loopback here) and is audited; a decided payment is final.
// 'Referencia repetida' flags a bank + reference used by another payment that stands.

const QUEUE = '/api/v1/admin/verificacion-pagos';
const REPEATED = '/api/v1/pagos/referencia-repetida';
const decideUrl = (id: number | string) => `/api/v1/admin/pagos/${id}/verificar`;

let smtp: MailServer;

let t: TestApp;
let s: PaymentSetup;
let admin: string;

beforeAll(async () => {
  smtp = await startMailServer();
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  s = await paymentSetup(t, { rate: 40 });
  admin = s.admin;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const decide = (id: number | string, payload: unknown, token: string | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: decideUrl(id),
    headers: token ? bearer(token) : {},
    payload: payload as Record<string, unknown>,
  });

async function queue(query = '', token = admin) {
  const response = expectStatus(await get(`${QUEUE}${query}`, token), 200);
  return { page: response.json<VerificationPage>(), totalHeader: response.headers['x-total-count'] };
}

const dashboard = async () =>
  expectStatus(await get('/api/v1/vendedores/ventas/dashboard', admin), 200).json<Dashboard>();
const income = async () =>
  expectStatus(await get('/api/v1/admin/historial-ingresos-resumen', admin), 200).json<IncomeSummary>();
const paidOn = async (requestId: number) => {
  const [row] = await t.db.select().from(pagadoSolicitud).where(eq(pagadoSolicitud.solicitudId, requestId));
  return cents(row?.totalPagado ?? 0);
};
const paymentRow = async (id: number) => {
  const [row] = await t.db.select().from(pagos).where(eq(pagos.id, id));
  return row!;
};

/** A financed request of Cremación Básica: 100.00 initial and three instalments. */
const financed = (seller: TestUser = s.seller, client: Client = s.client) =>
  postRequest(t.app, seller.token, client.id, {
    plan: s.cremacion,
    modalidad: 'Financiado',
    cuotas: 3,
    pagoInicial: 100,
  });

/** Reports a request's payment in USD (or VES with a bank and reference) and answers its id. */
async function reportRequest(
  requestId: number,
  { token = s.seller.token, bank, reference }: { token?: string; bank?: string; reference?: string } = {},
) {
  const fields: Record<string, string | number> = bank
    ? { solicitud_id: requestId, metodoPago: 'VES', banco_emisor: bank, referencia: reference! }
    : { solicitud_id: requestId, metodoPago: 'USD' };
  const receipt = bank ? pdfReceipt('comprobante_ves') : pngReceipt('comprobante_usd');
  const response = await reportPayment(t.app, token, fields, [receipt]);
  return expectStatus(response, 200).json<PaymentSaved>().pago.id;
}

/** A financed request with its initial reported in USD, converted: the contract and its instalments. */
async function contractWithInitial(seller: TestUser = s.seller, client: Client = s.client) {
  const request = await financed(seller, client);
  const initialId = await reportRequest(request.id, { token: seller.token });
  expectConverted(await convert(t.app, admin, request.id));
  return { request, initialId, instalments: await instalmentsOf(t.db, request.id) };
}

async function payInstalment(
  cuotaId: number,
  monto: string,
  { bank, reference }: { bank?: string; reference?: string } = {},
) {
  const fields: Record<string, string | number> = bank
    ? {
        cuota_id: cuotaId,
        metodo_pago: 'VES',
        metodo_ves: 'transferencia',
        monto_ves: (cents(monto) * 40) / 100,
        banco_emisor: bank,
        referencia: reference!,
      }
    : { cuota_id: cuotaId, metodo_pago: 'USD', monto_usd: monto };
  const receipt = bank ? pdfReceipt('comprobante_ves') : pngReceipt('comprobante_usd');
  const response = await payCuota(t.app, s.seller.token, fields, [receipt]);
  return expectStatus(response, 200).json<PaymentSaved>().pago.id;
}

describe('who may use the verification routes', () => {
  it('admits administrador and asistente to the queue and the decision; 403 to seller and supervisor; 401 without a token', async () => {
    const request = await financed();
    const id = await reportRequest(request.id);
    for (const token of [s.seller.token, s.supervisor.token]) {
      const list = await get(QUEUE, token);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toMatchObject({ detail: MSG.sinPermiso });
      const decided = await decide(id, { decision: 'verificado' }, token);
      expect(decided.statusCode).toBe(403);
    }
    expect((await get(QUEUE)).statusCode).toBe(401);
    expect((await decide(id, { decision: 'verificado' }, null)).statusCode).toBe(401);
    expect((await get(QUEUE, s.asistente.token)).statusCode).toBe(200);
    expect((await paymentRow(id)).estadoVerificacion).toBe('por_verificar');
    const byAssistant = await decide(id, { decision: 'verificado' }, s.asistente.token);
    expect(byAssistant.statusCode, byAssistant.body).toBe(200);
  });

  it('answers the repeated-reference check to every staff role, 401 without a token', async () => {
    for (const token of [admin, s.asistente.token, s.supervisor.token, s.seller.token]) {
      const response = await get(`${REPEATED}?banco_emisor=Banesco&referencia=nada-${Date.now()}`, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ repetida: false });
    }
    expect((await get(`${REPEATED}?banco_emisor=Banesco&referencia=1`)).statusCode).toBe(401);
  });
});

describe('hostile input: a Spanish 422 (validation) or 404, never a 500', () => {
  it('refuses bad ids, bad decisions and bad reasons', async () => {
    const request = await financed();
    const id = await reportRequest(request.id);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999', "1'or'1"]) {
      const response = await decide(encodeURIComponent(bad), { decision: 'verificado' });
      expect(response.statusCode, bad).toBe(422);
    }
    const missing = await decide(987654, { decision: 'verificado' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: VERIFICATION_MESSAGES.pagoNoEncontrado });

    const cases: [unknown, string][] = [
      [{ decision: 'aprobado' }, VERIFICATION_MESSAGES.decisionInvalida],
      [{}, VERIFICATION_MESSAGES.decisionInvalida],
      [{ decision: 'rechazado' }, VERIFICATION_MESSAGES.motivoRequerido],
      [{ decision: 'rechazado', motivo: '    ' }, VERIFICATION_MESSAGES.motivoRequerido],
      [{ decision: 'rechazado', motivo: '  abc  ' }, VERIFICATION_MESSAGES.motivoCorto],
      [{ decision: 'rechazado', motivo: 'x'.repeat(501) }, VERIFICATION_MESSAGES.motivoLargo],
      [{ decision: 'rechazado', motivo: 42 }, MSG.campoRequerido],
    ];
    for (const [body, message] of cases) {
      const response = await decide(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.body, JSON.stringify(body)).toContain(message);
    }
    expect((await paymentRow(id)).estadoVerificacion).toBe('por_verificar');

    for (const query of ['?estado=pagado', '?page=0', '?per_page=1000', '?page=abc']) {
      const response = await get(`${QUEUE}${query}`, admin);
      expect(response.statusCode, query).toBe(422);
    }
    expect((await get(`${QUEUE}?estado=xyz`, admin)).body).toContain(VERIFICATION_MESSAGES.estadoInvalido);
    for (const query of [
      '',
      '?banco_emisor=Banesco',
      '?referencia=123',
      `?banco_emisor=B&referencia=${'9'.repeat(41)}`,
    ]) {
      const response = await get(`${REPEATED}${query}`, s.seller.token);
      expect(response.statusCode, query).toBe(422);
    }
  });
});

describe('the queue', () => {
  it('holds every new payment (cash, initial, instalment) por_verificar, oldest first, with what the office checks', async () => {
    const before = await queue('?per_page=100');
    const cash = await postRequest(t.app, s.seller.token, s.client.id, { plan: s.cremacion });
    const cashId = await reportRequest(cash.id, { bank: 'Banco Plaza', reference: `C-${Date.now()}` });
    const { request, initialId, instalments } = await contractWithInitial();
    const instalmentId = await payInstalment(instalments[0]!.id, instalments[0]!.monto);

    for (const id of [cashId, initialId, instalmentId]) {
      const row = await paymentRow(id);
      expect(row.estadoVerificacion).toBe('por_verificar');
      expect(row.verificadoPor).toBeNull();
      expect(row.fechaVerificacion).toBeNull();
    }
    const { page, totalHeader } = await queue('?per_page=100');
    expect(page.total).toBe(before.page.total + 3);
    expect(totalHeader).toBe(String(page.total));
    const ids = page.items.map((item) => item.id);
    expect(ids.slice(-3)).toEqual([cashId, initialId, instalmentId]);
    const times = page.items.map((item) => item.fecha_pago);
    expect([...times].sort()).toEqual(times);

    const cashItem = page.items.find((item) => item.id === cashId)!;
    expect(cashItem).toMatchObject({
      tipo: 'contado',
      concepto: `Pago de contado de la solicitud ${cash.numero_solicitud}`,
      cliente: s.client.nombre,
      vendedor_id: s.seller.id,
      metodo_pago: 'VES',
      dollar_price: 40,
      monto_pagado: 900,
      bolivares: 36000,
      banco_emisor: 'Banco Plaza',
      estado_verificacion: 'por_verificar',
      motivo_rechazo: null,
      verificado_por: null,
      fecha_verificacion: null,
      referencia_repetida: false,
    });
    expect(cashItem.comprobantes).toEqual([
      expect.objectContaining({ moneda: 'ves', tipo_mime: 'application/pdf', nombre: 'comprobante_ves.pdf' }),
    ]);
    const instalmentItem = page.items.find((item) => item.id === instalmentId)!;
    const contract = await requestRow(t.db, request.id);
    expect(instalmentItem).toMatchObject({
      tipo: 'cuota',
      nro_cuota: 1,
      numero_contrato: contract.numeroContrato,
      concepto: `Cuota 1 del contrato ${contract.numeroContrato}`,
      monto_pagado: Number(instalments[0]!.monto),
    });
    expect(instalmentItem.comprobantes).toEqual([
      expect.objectContaining({ moneda: 'usd', tipo_mime: 'image/png' }),
    ]);

    // The report history and the instalments show the payment's verification state.
    const history = expectStatus(
      await get('/api/v1/pagos/historial?per_page=100', s.seller.token),
      200,
    ).json<{
      items: { id: number; estado_verificacion?: string }[];
    }>();
    expect(history.items.find((item) => item.id === initialId)?.estado_verificacion).toBe('por_verificar');
  });

  it('filters by state and pages, with the count of the filter in total and X-Total-Count', async () => {
    const requests = await Promise.all([financed(), financed(), financed()]);
    const ids: number[] = [];
    for (const request of requests) ids.push(await reportRequest(request.id));
    expectStatus(await decide(ids[0]!, { decision: 'verificado' }), 200);
    expectStatus(await decide(ids[1]!, { decision: 'rechazado', motivo: 'Comprobante ilegible' }), 200);

    const counts = rowsOf<{ estado: string; n: number }>(
      await t.db.execute(sql`select estado_verificacion as estado, count(*)::int as n from pagos group by 1`),
    );
    const countOf = (estado: string) => counts.find((row) => row.estado === estado)?.n ?? 0;
    for (const estado of ['por_verificar', 'verificado', 'rechazado'] as const) {
      const { page, totalHeader } = await queue(`?estado=${estado}&per_page=100`);
      expect(page.total, estado).toBe(countOf(estado));
      expect(totalHeader).toBe(String(countOf(estado)));
      expect(page.items.every((item) => item.estado_verificacion === estado)).toBe(true);
    }
    const all = await queue('?estado=todos&per_page=100');
    expect(all.page.total).toBe(counts.reduce((total, row) => total + row.n, 0));
    // Default: por_verificar.
    expect((await queue('')).page.total).toBe(countOf('por_verificar'));

    const verified = (await queue('?estado=verificado&per_page=100')).page.items.find((i) => i.id === ids[0]);
    expect(verified?.verificado_por).toBe('Admin Principal');
    const rejected = (await queue('?estado=rechazado&per_page=100')).page.items.find((i) => i.id === ids[1]);
    expect(rejected?.motivo_rechazo).toBe('Comprobante ilegible');

    // Pages of one item walk the whole filter once, oldest first.
    const total = countOf('por_verificar');
    const walked: number[] = [];
    for (let page = 1; page <= total; page++)
      walked.push(...(await queue(`?per_page=1&page=${page}`)).page.items.map((i) => i.id));
    expect(walked).toEqual((await queue('?per_page=100')).page.items.map((i) => i.id));
    const past = await queue(`?per_page=1&page=${total + 1}`);
    expect(past.page).toEqual({ items: [], total });
  });
});

describe('verifying', () => {
  it('records who and when, adds to the verified total, is audited, and is final (409)', async () => {
    const request = await financed();
    const id = await reportRequest(request.id);
    const before = await dashboard();
    const auditBefore = await lastAuditId(t.db);

    const response = await decide(id, { decision: 'verificado', motivo: '' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<VerificationDecided>();
    expect(body.mensaje).toBe(VERIFICATION_MESSAGES.pagoVerificado);
    expect(body.pago).toMatchObject({
      id,
      estado_verificacion: 'verificado',
      verificado_por: 'Admin Principal',
    });
    const row = await paymentRow(id);
    expect(row.estadoVerificacion).toBe('verificado');
    expect(row.verificadoPor).not.toBeNull();
    expect(row.fechaVerificacion).not.toBeNull();
    expect(row.motivoRechazo).toBeNull();
    const after = await dashboard();
    expect(cents(after.total_verificado) - cents(before.total_verificado)).toBe(10_000);
    expect(after.total_ingresos).toBe(before.total_ingresos);
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('inicial_pagada');
    const audits = await auditSince(t.db, auditBefore);
    expect(audits.map((a) => a.accion)).toEqual(['verificar_pago']);
    expect(audits[0]).toMatchObject({ entidad: 'pago', entidadId: String(id) });

    for (const body of [{ decision: 'rechazado', motivo: 'Cambié de opinión' }, { decision: 'verificado' }]) {
      const again = await decide(id, body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ detail: VERIFICATION_MESSAGES.yaVerificado });
    }
    expect((await dashboard()).total_verificado).toBe(after.total_verificado);
  });

  it("moves the amount from por verificar to verificado in its own seller's income row only; each row's parts add up to its income", async () => {
    const mine = await contractWithInitial(s.seller);
    const theirs = await contractWithInitial(
      s.otherSeller,
      await createClientVia(t.app, s.otherSeller.token),
    );
    const sellerOf = new Map([
      [s.seller, (await requestRow(t.db, mine.request.id)).vendedorId],
      [s.otherSeller, (await requestRow(t.db, theirs.request.id)).vendedorId],
    ]);
    const rowOf = (summary: IncomeSummary, seller: TestUser) =>
      summary.vendedores.find((row) => row.vendedor_id === sellerOf.get(seller))!;
    const before = await income();

    expectStatus(await decide(mine.initialId, { decision: 'verificado' }), 200);
    const after = await income();
    expect(
      cents(rowOf(after, s.seller).total_verificado) - cents(rowOf(before, s.seller).total_verificado),
    ).toBe(10_000);
    expect(
      cents(rowOf(before, s.seller).total_por_verificar) - cents(rowOf(after, s.seller).total_por_verificar),
    ).toBe(10_000);
    expect(rowOf(after, s.otherSeller)).toEqual(rowOf(before, s.otherSeller));
    for (const row of after.vendedores) {
      expect(cents(row.total_verificado) + cents(row.total_por_verificar)).toBe(cents(row.total_ingresos));
    }
    expect(cents(after.totales.total_verificado!)).toBe(
      after.vendedores.reduce((sum, row) => sum + cents(row.total_verificado), 0),
    );
  });
});

describe('rejecting', () => {
  it('undoes an initial payment: the request back to pendiente, totals back to the cent, the seller told, audited; the seller reports it again', async () => {
    const request = await financed();
    const dashBefore = await dashboard();
    const id = await reportRequest(request.id, { bank: 'Banesco', reference: `R-${Date.now()}` });
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('inicial_pagada');
    expect(cents((await dashboard()).total_ingresos) - cents(dashBefore.total_ingresos)).toBe(10_000);
    const auditBefore = await lastAuditId(t.db);
    const inbox = smtp.received.length;

    const response = await decide(id, {
      decision: 'rechazado',
      motivo: '  La referencia no aparece en el banco  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<VerificationDecided>()).toMatchObject({
      mensaje: VERIFICATION_MESSAGES.pagoRechazado,
      pago: { estado_verificacion: 'rechazado', motivo_rechazo: 'La referencia no aparece en el banco' },
    });
    const row = await requestRow(t.db, request.id);
    expect(row.estadoPago).toBe('pendiente');
    expect(await paidOn(request.id)).toBe(0);
    const dashAfter = await dashboard();
    expect(dashAfter.total_ingresos).toBe(dashBefore.total_ingresos);
    expect(dashAfter.total_verificado).toBe(dashBefore.total_verificado);
    const audits = await auditSince(t.db, auditBefore);
    expect(audits.map((a) => a.accion)).toEqual(['rechazar_pago']);
    expect(audits[0]!.descripcion).toContain('La referencia no aparece en el banco');
    expect(audits[0]!.descripcion).toContain('de inicial_pagada a pendiente');

    // The seller's e-mail, with the reason.
    expect(smtp.received).toHaveLength(inbox + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([s.seller.email]);
    expect(decodeHeader(mail.message.headers.get('subject'))).toBe(
      VERIFICATION_MESSAGES.correoRechazoAsunto(`Pago inicial de la solicitud ${request.numero_solicitud}`),
    );
    const html = htmlOf(mail.message);
    expect(html).toContain('La referencia no aparece en el banco');
    expect(html).toContain(s.client.nombre);
    expect(html).toContain('Banesco');

    // A rejected payment is final, and the seller reports the payment again.
    const again = await decide(id, { decision: 'verificado' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: VERIFICATION_MESSAGES.yaRechazado });
    const second = await reportRequest(request.id);
    expect(second).not.toBe(id);
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('inicial_pagada');
    expect(await paidOn(request.id)).toBe(10_000);
    const details = expectStatus(
      await get(`/api/v1/vendedores/detalles/${s.client.id}/${request.id}`, s.seller.token),
      200,
    ).json<{ reporte_pagos: { id: number; estado_pago: string; estado_verificacion?: string }[] }>();
    expect(details.reporte_pagos.map((p) => [p.id, p.estado_verificacion, p.estado_pago])).toEqual([
      [id, 'rechazado', 'pendiente'],
      [second, 'por_verificar', 'inicial_pagada'],
    ]);
  });

  it('undoes an instalment payment: the instalment pending again, the contract and income totals back to the cent', async () => {
    const { request, instalments } = await contractWithInitial();
    const paidIds: number[] = [];
    for (const cuota of instalments) paidIds.push(await payInstalment(cuota.id, cuota.monto));
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('pagado');
    const dashBefore = await dashboard();
    const incomeBefore = await income();
    const paidBefore = await paidOn(request.id);
    const last = instalments.at(-1)!;

    const response = await decide(paidIds.at(-1)!, { decision: 'rechazado', motivo: 'Monto no acreditado' });
    expect(response.statusCode, response.body).toBe(200);
    const [cuota] = await t.db.select().from(cuotas).where(eq(cuotas.id, last.id));
    expect(cuota).toMatchObject({ estadoPago: 'pendiente', fechaPago: null });
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('inicial_pagada');
    const amount = cents(last.monto);
    expect(await paidOn(request.id)).toBe(paidBefore - amount);
    const dashAfter = await dashboard();
    expect(cents(dashBefore.total_ingresos) - cents(dashAfter.total_ingresos)).toBe(amount);
    const incomeAfter = await income();
    expect(cents(incomeBefore.totales.suma_total_pagos) - cents(incomeAfter.totales.suma_total_pagos)).toBe(
      amount,
    );
    expect(
      cents(incomeBefore.totales.total_por_verificar!) - cents(incomeAfter.totales.total_por_verificar!),
    ).toBe(amount);
    expect(incomeAfter.totales.total_verificado).toBe(incomeBefore.totales.total_verificado);

    // Cuotas shows it unpaid with no payment, and it is paid again.
    const schedule = expectStatus(
      await get(`/api/v1/cuotas/cuotas/${request.id}`, s.seller.token),
      200,
    ).json<{
      cuotas: { id: number; estado_pago: string; pago: unknown }[];
      cuotas_pendientes: number;
      total_pendiente: number;
    }>();
    expect(schedule.cuotas.find((c) => c.id === last.id)).toMatchObject({
      estado_pago: 'pendiente',
      pago: null,
    });
    expect(schedule.cuotas_pendientes).toBe(1);
    expect(cents(schedule.total_pendiente)).toBe(amount);
    await payInstalment(last.id, last.monto);
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('pagado');
    expect(await paidOn(request.id)).toBe(paidBefore);
    expect((await dashboard()).total_ingresos).toBe(dashBefore.total_ingresos);
  });

  it('puts an instalment past its due date back as vencido', async () => {
    const { instalments } = await contractWithInitial();
    const first = instalments[0]!;
    const id = await payInstalment(first.id, first.monto);
    await t.db.update(cuotas).set({ fechaVencimiento: '2020-01-31' }).where(eq(cuotas.id, first.id));
    expectStatus(await decide(id, { decision: 'rechazado', motivo: 'Comprobante de otro cliente' }), 200);
    const [cuota] = await t.db.select().from(cuotas).where(eq(cuotas.id, first.id));
    expect(cuota).toMatchObject({ estadoPago: 'vencido', fechaPago: null });
  });

  it('leaves a converted contract a contract, its initial pending again, reported again later', async () => {
    const { request, initialId, instalments } = await contractWithInitial();
    const contract = await requestRow(t.db, request.id);
    expectStatus(await decide(initialId, { decision: 'rechazado', motivo: 'Transferencia devuelta' }), 200);
    const after = await requestRow(t.db, request.id);
    expect(after).toMatchObject({
      estado: 'contrato',
      numeroContrato: contract.numeroContrato,
      estadoPago: 'pendiente',
    });
    expect(await instalmentsOf(t.db, request.id)).toEqual(instalments);
    await reportRequest(request.id);
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('inicial_pagada');
  });

  it('keeps the decision when the e-mail to the seller fails, and audits the failure', async () => {
    const request = await financed();
    const id = await reportRequest(request.id);
    const auditBefore = await lastAuditId(t.db);
    smtp.refuseNext();
    const response = await decide(id, { decision: 'rechazado', motivo: 'Comprobante duplicado' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await paymentRow(id)).estadoVerificacion).toBe('rechazado');
    expect((await requestRow(t.db, request.id)).estadoPago).toBe('pendiente');
    expect((await auditSince(t.db, auditBefore)).map((a) => a.accion)).toEqual([
      'rechazar_pago',
      'aviso_rechazo_fallido',
    ]);
  });
});

describe('concurrent decisions on one payment', () => {
  it('lets exactly one win', async () => {
    for (let round = 0; round < 3; round++) {
      const request = await financed();
      const id = await reportRequest(request.id);
      const dashBefore = await dashboard();
      const responses = await Promise.all([
        decide(id, { decision: 'rechazado', motivo: 'Primera decisión' }),
        decide(id, { decision: 'verificado' }),
        decide(id, { decision: 'rechazado', motivo: 'Tercera decisión' }),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([200, 409, 409]);
      const row = await paymentRow(id);
      const dashAfter = await dashboard();
      if (row.estadoVerificacion === 'verificado') {
        expect(cents(dashAfter.total_verificado) - cents(dashBefore.total_verificado)).toBe(10_000);
        expect((await requestRow(t.db, request.id)).estadoPago).toBe('inicial_pagada');
      } else {
        expect(row.estadoVerificacion).toBe('rechazado');
        expect(cents(dashBefore.total_ingresos) - cents(dashAfter.total_ingresos)).toBe(10_000);
        expect((await requestRow(t.db, request.id)).estadoPago).toBe('pendiente');
      }
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'on PostgreSQL, a rejection while another writer holds the contract (needs DATABASE_URL)',
  () => {
    it('waits for the contract before taking the instalment, so it never deadlocks with a payment', async () => {
      const { request, instalments } = await contractWithInitial();
      const [first] = instalments;
      const paymentId = await payInstalment(first!.id, first!.monto);
      // As a payment does: the contract, then its instalments.
      const response = await lockingInTurn(
        t.db,
        sql`select 1 from solicitudes where id = ${request.id} for update`,
        () => decide(paymentId, { decision: 'rechazado', motivo: 'Comprobante ilegible' }),
        sql`update cuotas set monto = monto where solicitud_id = ${request.id}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect((await paymentRow(paymentId)).estadoVerificacion).toBe('rechazado');
      const [row] = await t.db.select().from(cuotas).where(eq(cuotas.id, first!.id));
      expect(row!.estadoPago).toBe('pendiente');
    });
  },
);

describe('referencia repetida', () => {
  it('flags a bank and reference used by another payment that stands, trimmed and without case; a warning only', async () => {
    const reference = `Ref-${Date.now()}`;
    const [a, b] = await Promise.all([financed(), financed()]);
    expect(
      expectStatus(
        await get(`${REPEATED}?banco_emisor=Banesco&referencia=${reference}`, s.seller.token),
        200,
      ).json(),
    ).toEqual({ repetida: false });
    const first = await reportRequest(a.id, { bank: 'Banesco', reference });
    const check = await get(
      `${REPEATED}?banco_emisor=${encodeURIComponent(' banesco ')}&referencia=${encodeURIComponent(` ${reference.toUpperCase()} `)}`,
      s.seller.token,
    );
    expect(check.json()).toEqual({ repetida: true });
    expect(
      (await get(`${REPEATED}?banco_emisor=Banco%20Plaza&referencia=${reference}`, s.seller.token)).json(),
    ).toEqual({
      repetida: false,
    });
    // Reported anyway (a warning, not a refusal): both flagged in the queue.
    const second = await reportRequest(b.id, { bank: 'Banesco', reference: reference.toLowerCase() });
    const flags = async () =>
      new Map(
        (await queue('?estado=todos&per_page=100')).page.items.map((item) => [
          item.id,
          item.referencia_repetida,
        ]),
      );
    let flagged = await flags();
    expect(flagged.get(first)).toBe(true);
    expect(flagged.get(second)).toBe(true);
    // Once one is rejected, the other no longer repeats anything.
    expectStatus(await decide(second, { decision: 'rechazado', motivo: 'Referencia repetida' }), 200);
    flagged = await flags();
    expect(flagged.get(first)).toBe(false);
    expect(
      (await get(`${REPEATED}?banco_emisor=Banesco&referencia=${reference}`, s.seller.token)).json(),
    ).toEqual({
      repetida: true,
    });
    expectStatus(await decide(first, { decision: 'rechazado', motivo: 'Referencia repetida' }), 200);
    expect(
      (await get(`${REPEATED}?banco_emisor=Banesco&referencia=${reference}`, s.seller.token)).json(),
    ).toEqual({
      repetida: false,
    });
  });
});
