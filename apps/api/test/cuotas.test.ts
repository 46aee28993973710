import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_MESSAGES,
  instalmentState,
  PAYMENT_MESSAGES,
  type Client,
  type Paged,
  type PaymentReport,
  type RequestDto,
} from '@camposanto/domain';
import { cuotas, solicitudes } from '../src/db/schema';
import { markOverdueInstalments } from '../src/modules/caducidad/service';
import { bearer, userWithRole, type TestUser } from './helpers/auth';
import { insertContracts } from './helpers/bulk-contracts';
import { auditSince, lastAuditId } from './helpers/fixtures';
import {
  cents,
  expectStatus,
  payCuota,
  paymentSetup,
  paymentsOf,
  pdfReceipt,
  pngReceipt,
  PDF_BYTES,
  receiptsOnDisk,
  reportPayment,
  requestRow,
  textAsPdf,
  type ReceiptField,
} from './helpers/payment-fixtures';
import { imageBytes } from './helpers/multipart';
import {
  convert,
  createClientVia,
  expectConverted,
  instalmentsOf,
  postRequest,
  type PlanRow,
} from './helpers/sales-fixtures';
import { assignSupervisor } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';
import { lockingInTurn } from './helpers/concurrency';

// SPEC §2 screen 7 and 'Reporte de cuotas', §3 Instalment and Financed contract, §4 Instalment, §5 instalment
// payment, §7 Instalments, §9 mixed tolerance 0.01; DESIGN §4.7 schedule and overdue instalments; DESIGN §5
// receipts are personal data served only to whom they belong.

const RATE = 40;

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let sellerA: TestUser; // supervised by `supervisor`
let sellerB: TestUser;
let asistente: TestUser;
let clientA: Client;
let cremacion: PlanRow; // Cremación Básica: cuota_n = 1,080 × (1 + 0.04 (n − 1))

type Instalments = {
  cuotas: {
    id: number;
    numero: number;
    contrato_id: number;
    numero_contrato: string | null;
    tipo_servicio: string;
    cuotas: number;
    monto: number;
    fecha_vencimiento: string;
    estado_pago: string;
    fecha_pago: string | null;
    precioFinanciado: number;
  }[];
  cuotas_pagadas: number;
  cuotas_pendientes: number;
  total_pendiente: number;
};

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
  } = await paymentSetup(t, { rate: RATE }));
});
afterAll(() => t.close());

/** A financed request of Cremación Básica with its initial payment reported in USD, converted to a contract. */
async function financedContract({
  cuotas: count,
  pagoInicial,
  seller = sellerA,
  client = clientA,
}: {
  cuotas: number;
  pagoInicial: number;
  seller?: TestUser;
  client?: Client;
}) {
  const request = await postRequest(t.app, seller.token, client.id, {
    plan: cremacion,
    modalidad: 'Financiado',
    metodo: 'USD',
    cuotas: count,
    pagoInicial,
  });
  expectStatus(
    await reportPayment(t.app, seller.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
      pngReceipt('comprobante_usd'),
    ]),
    200,
  );
  expectConverted(await convert(t.app, admin, request.id));
  const schedule = await instalmentsOf(t.db, request.id);
  return { id: request.id, instalments: schedule };
}

const getInstalments = (token: string | undefined, contractId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/cuotas/cuotas/${contractId}`,
    headers: token ? bearer(token) : {},
  });

async function instalmentsAs(token: string, contractId: number) {
  const response = await getInstalments(token, contractId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Instalments>();
}

const counters = (body: Instalments) => ({
  cuotas_pagadas: body.cuotas_pagadas,
  cuotas_pendientes: body.cuotas_pendientes,
  total_pendiente: body.total_pendiente,
});

const receipt = (field: ReceiptField) => pngReceipt(field);
const usdPayment = (cuotaId: number, amount: string) => ({
  cuota_id: cuotaId,
  metodo_pago: 'USD',
  monto_usd: amount,
});
const vesPayment = (cuotaId: number, amount: string, metodoVes: 'transferencia' | 'pago_movil') => ({
  cuota_id: cuotaId,
  metodo_pago: 'VES',
  metodo_ves: metodoVes,
  monto_ves: amount,
  banco_emisor: 'Banesco',
  referencia: '20250101-77',
});

/** What a refused instalment payment must leave as it was. */
async function stateOf(contractId: number) {
  const rows = await instalmentsOf(t.db, contractId);
  return {
    instalments: rows.map((row) => row.estadoPago),
    payments: (await paymentsOf(t.db, contractId)).length,
    receipts: receiptsOnDisk(t.config.dataDir).length,
    contract: (await requestRow(t.db, contractId)).estadoPago,
  };
}

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));

describe('GET /api/v1/cuotas/cuotas/{id}', () => {
  it('after conversion lists cuotas − 1 monthly instalments and counters summed to the cent', async () => {
    // cuota_4 1,209.60 − 20 % of the USD initial (20.00) − 100.01 = 1,089.59, in 3 instalments.
    const contract = await financedContract({ cuotas: 4, pagoInicial: 100.01 });
    const saldo = 120_960 - 2_000 - 10_001;
    const today = new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);

    const body = await instalmentsAs(sellerA.token, contract.id);

    const row = await requestRow(t.db, contract.id);
    expect(body.cuotas.map((cuota) => cents(cuota.monto))).toEqual([36_320, 36_320, 36_319]);
    expect(body.cuotas.reduce((sum, cuota) => sum + cents(cuota.cuotas), 0)).toBe(saldo);
    expect(body.cuotas.map((cuota) => cuota.numero)).toEqual([1, 2, 3]);
    expect(body.cuotas.map((cuota) => monthIndex(cuota.fecha_vencimiento) - monthIndex(today))).toEqual([
      1, 2, 3,
    ]);
    for (const cuota of body.cuotas) {
      expect(cuota).toMatchObject({
        contrato_id: contract.id,
        numero_contrato: row.numeroContrato,
        tipo_servicio: 'cremacion',
        estado_pago: 'pendiente',
        fecha_pago: null,
        precioFinanciado: 1189.6,
      });
    }
    expect(counters(body)).toEqual({ cuotas_pagadas: 0, cuotas_pendientes: 3, total_pendiente: 1089.59 });
  });

  it('is readable by the seller’s supervisor and administrators, 403 to another seller, 401 without token', async () => {
    const contract = await financedContract({ cuotas: 2, pagoInicial: 100 });
    expect((await instalmentsAs(supervisor.token, contract.id)).cuotas).toHaveLength(1);
    expect((await instalmentsAs(admin, contract.id)).cuotas).toHaveLength(1);
    expect((await instalmentsAs(asistente.token, contract.id)).cuotas).toHaveLength(1);
    const stranger = await getInstalments(sellerB.token, contract.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ detail: CONTRACT_MESSAGES.vendedorAjeno });
    expect((await getInstalments(undefined, contract.id)).statusCode).toBe(401);
    expect((await getInstalments(sellerA.token, 999_999)).statusCode).toBe(404);
  });

  it('answers an empty schedule for a cash contract', async () => {
    const request = await postRequest(t.app, sellerA.token, clientA.id, { plan: cremacion });
    expectConverted(await convert(t.app, admin, request.id));
    expect(await instalmentsAs(sellerA.token, request.id)).toEqual({
      cuotas: [],
      cuotas_pagadas: 0,
      cuotas_pendientes: 0,
      total_pendiente: 0,
    });
  });
});

describe('POST /api/v1/cuotas/pago-cuota', () => {
  it('USD, transfer and pago móvil: each instalment paid, counters follow, the last one makes the contract pagado', async () => {
    const contract = await financedContract({ cuotas: 4, pagoInicial: 100.01 });
    const [first, second, third] = contract.instalments;
    const auditBefore = await lastAuditId(t.db);

    const usd = await payCuota(t.app, sellerA.token, usdPayment(first!.id, '363.20'), [
      receipt('comprobante_usd'),
    ]);
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json()).toMatchObject({ message: PAYMENT_MESSAGES.registrado, estado_pago: 'inicial_pagada' });
    expect(counters(await instalmentsAs(sellerA.token, contract.id))).toEqual({
      cuotas_pagadas: 1,
      cuotas_pendientes: 2,
      total_pendiente: 726.39,
    });

    // 363.20 × 40 = 14,528.00 Bs.
    const transfer = await payCuota(
      t.app,
      sellerA.token,
      vesPayment(second!.id, '14528.00', 'transferencia'),
      [pdfReceipt('comprobante_ves')],
    );
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.json()).toMatchObject({ estado_pago: 'inicial_pagada' });
    expect((await requestRow(t.db, contract.id)).estadoPago).toBe('inicial_pagada');

    // 363.19 × 40 = 14,527.60 Bs.
    const movil = await payCuota(t.app, sellerA.token, vesPayment(third!.id, '14527.60', 'pago_movil'), [
      receipt('comprobante_ves'),
    ]);
    expect(movil.statusCode, movil.body).toBe(200);
    expect(movil.json()).toMatchObject({ estado_pago: 'pagado' });

    const body = await instalmentsAs(sellerA.token, contract.id);
    expect(counters(body)).toEqual({ cuotas_pagadas: 3, cuotas_pendientes: 0, total_pendiente: 0 });
    expect(body.cuotas.every((cuota) => cuota.estado_pago === 'pagado' && cuota.fecha_pago !== null)).toBe(
      true,
    );
    expect((await requestRow(t.db, contract.id)).estadoPago).toBe('pagado');

    const payments = (await paymentsOf(t.db, contract.id)).filter((payment) => payment.tipo === 'cuota');
    expect(
      payments.map((payment) => ({
        cuota: payment.cuotaId,
        metodo: payment.metodoPago,
        ves: payment.metodoVes,
        divisas: cents(payment.divisas),
        bolivares: cents(payment.bolivares),
        pagado: cents(payment.montoPagado),
        restante: cents(payment.montoRestante),
        rate: payment.dollarPrice,
        banco: payment.bancoEmisor,
        usd: payment.comprobanteUsdId !== null,
        vesReceipt: payment.comprobanteVesId !== null,
      })),
    ).toEqual([
      {
        cuota: first!.id,
        metodo: 'USD',
        ves: null,
        divisas: 36_320,
        bolivares: 0,
        pagado: 36_320,
        restante: 72_639,
        rate: '40.0000',
        banco: null,
        usd: true,
        vesReceipt: false,
      },
      {
        cuota: second!.id,
        metodo: 'VES',
        ves: 'transferencia',
        divisas: 0,
        bolivares: 1_452_800,
        pagado: 36_320,
        restante: 36_319,
        rate: '40.0000',
        banco: 'Banesco',
        usd: false,
        vesReceipt: true,
      },
      {
        cuota: third!.id,
        metodo: 'VES',
        ves: 'pago_movil',
        divisas: 0,
        bolivares: 1_452_760,
        pagado: 36_319,
        restante: 0,
        rate: '40.0000',
        banco: 'Banesco',
        usd: false,
        vesReceipt: true,
      },
    ]);
    const audits = await auditSince(t.db, auditBefore);
    expect(audits.map((entry) => [entry.accion, entry.entidadId, entry.usuarioId])).toEqual([
      ['pagar_cuota', String(first!.id), sellerA.id],
      ['pagar_cuota', String(second!.id), sellerA.id],
      ['pagar_cuota', String(third!.id), sellerA.id],
    ]);
    expect(audits[2]!.descripcion).toContain('contrato pagado en su totalidad');
  });

  describe('refuses incomplete payments with 400 and the SPEC §5 message, changing nothing', () => {
    const transfer = PAYMENT_MESSAGES.comprobanteTransferencia;
    const movil = PAYMENT_MESSAGES.comprobantePagoMovil;
    const cases: [string, (id: number) => Record<string, string | number>, ReceiptField[], string][] = [
      ['USD without receipt', (id) => usdPayment(id, '211.20'), [], PAYMENT_MESSAGES.comprobanteUsd],
      [
        'USD without amount',
        (id) => usdPayment(id, ''),
        ['comprobante_usd'],
        PAYMENT_MESSAGES.comprobanteUsd,
      ],
      [
        'transfer without bank',
        (id) => ({ ...vesPayment(id, '8448.00', 'transferencia'), banco_emisor: '' }),
        ['comprobante_ves'],
        transfer,
      ],
      [
        'transfer without number',
        (id) => ({ ...vesPayment(id, '8448.00', 'transferencia'), referencia: '' }),
        ['comprobante_ves'],
        transfer,
      ],
      ['transfer without receipt', (id) => vesPayment(id, '8448.00', 'transferencia'), [], transfer],
      [
        'transfer with only a dollar receipt',
        (id) => vesPayment(id, '8448.00', 'transferencia'),
        ['comprobante_usd'],
        transfer,
      ],
      [
        'pago móvil without bank',
        (id) => ({ ...vesPayment(id, '8448.00', 'pago_movil'), banco_emisor: '' }),
        ['comprobante_ves'],
        movil,
      ],
      [
        'pago móvil without reference',
        (id) => ({ ...vesPayment(id, '8448.00', 'pago_movil'), referencia: ' ' }),
        ['comprobante_ves'],
        movil,
      ],
      ['pago móvil without receipt', (id) => vesPayment(id, '8448.00', 'pago_movil'), [], movil],
      [
        'VES without a method',
        (id) => {
          const { metodo_ves: _omitted, ...fields } = vesPayment(id, '8448.00', 'transferencia');
          return fields;
        },
        ['comprobante_ves'],
        transfer,
      ],
      [
        'Ambos without the bolivar receipt',
        (id) => ({
          ...vesPayment(id, '4000.00', 'transferencia'),
          metodo_pago: 'Ambos',
          monto_usd: '111.20',
        }),
        ['comprobante_usd'],
        transfer,
      ],
      [
        'Ambos without the dollar receipt',
        (id) => ({
          ...vesPayment(id, '4000.00', 'transferencia'),
          metodo_pago: 'Ambos',
          monto_usd: '111.20',
        }),
        ['comprobante_ves'],
        PAYMENT_MESSAGES.comprobanteUsd,
      ],
      [
        'USD amount not the instalment',
        (id) => usdPayment(id, '211.00'),
        ['comprobante_usd'],
        PAYMENT_MESSAGES.montoNoCoincide,
      ],
      [
        'bolivars not the instalment times the rate',
        (id) => vesPayment(id, '8440.00', 'pago_movil'),
        ['comprobante_ves'],
        PAYMENT_MESSAGES.montoNoCoincide,
      ],
    ];
    let contract: Awaited<ReturnType<typeof financedContract>>;
    beforeAll(async () => {
      // cuota_6 1,296.00 − 40.00 − 200.00 = 1,056.00 in 5 instalments of 211.20 (8,448.00 Bs.).
      contract = await financedContract({ cuotas: 6, pagoInicial: 200 });
    });

    it.each(cases)('%s', async (_name, fields, receipts, message) => {
      const before = await stateOf(contract.id);
      const response = await payCuota(
        t.app,
        sellerA.token,
        fields(contract.instalments[0]!.id),
        receipts.map((field) => receipt(field)),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message });
      expect(await stateOf(contract.id)).toEqual(before);
    });

    it('refuses a text file renamed .pdf with 415, leaving no file and no row', async () => {
      const before = await stateOf(contract.id);
      const response = await payCuota(
        t.app,
        sellerA.token,
        vesPayment(contract.instalments[0]!.id, '8448.00', 'transferencia'),
        [textAsPdf('comprobante_ves')],
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.comprobanteTipo });
      expect(await stateOf(contract.id)).toEqual(before);
    });

    it('answers 404 for an unknown instalment and 422 without one', async () => {
      const unknown = await payCuota(t.app, sellerA.token, usdPayment(999_999, '211.20'), [
        receipt('comprobante_usd'),
      ]);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: PAYMENT_MESSAGES.faltanDatos });
      const missing = await payCuota(t.app, sellerA.token, { metodo_pago: 'USD', monto_usd: '1' }, [
        receipt('comprobante_usd'),
      ]);
      expect(missing.statusCode).toBe(422);
      expect(JSON.stringify(missing.json())).toContain(PAYMENT_MESSAGES.faltanDatos);
    });
  });

  describe('Ambos (USD plus VES ÷ rate must equal the instalment within 0.01)', () => {
    let contract: Awaited<ReturnType<typeof financedContract>>;
    beforeAll(async () => {
      contract = await financedContract({ cuotas: 6, pagoInicial: 200 }); // 5 × 211.20
    });
    const mixed = (cuotaId: number, usd: string, ves: string) => ({
      ...vesPayment(cuotaId, ves, 'transferencia'),
      metodo_pago: 'Ambos',
      monto_usd: usd,
    });
    const bothReceipts = () => [receipt('comprobante_usd'), pdfReceipt('comprobante_ves')];

    it.each([
      ['0.02 short', '100.00', '4447.20'],
      ['0.02 over', '100.00', '4448.80'],
      ['a whole dollar short', '100.00', '4408.00'],
    ])('refuses a payment %s', async (_name, usd, ves) => {
      const before = await stateOf(contract.id);
      const response = await payCuota(
        t.app,
        sellerA.token,
        mixed(contract.instalments[0]!.id, usd, ves),
        bothReceipts(),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.montoNoCoincide });
      expect(await stateOf(contract.id)).toEqual(before);
    });

    it('accepts a payment 0.01 short and records the instalment’s amount as paid', async () => {
      // 100.00 + 4,447.60 / 40 = 211.19.
      const [cuota] = contract.instalments;
      const response = await payCuota(
        t.app,
        sellerA.token,
        mixed(cuota!.id, '100.00', '4447.60'),
        bothReceipts(),
      );
      expect(response.statusCode, response.body).toBe(200);
      const payment = (await paymentsOf(t.db, contract.id)).find((row) => row.cuotaId === cuota!.id)!;
      expect(payment).toMatchObject({
        metodoPago: 'Ambos',
        metodoVes: 'transferencia',
        dollarPrice: '40.0000',
      });
      expect([cents(payment.divisas), cents(payment.bolivares), cents(payment.montoPagado)]).toEqual([
        10_000, 444_760, 21_120,
      ]);
      expect(payment.comprobanteUsdId).not.toBeNull();
      expect(payment.comprobanteVesId).not.toBeNull();
    });

    it('accepts an exact payment and one 0.01 over', async () => {
      const [, second, third] = contract.instalments;
      expectStatus(
        await payCuota(t.app, sellerA.token, mixed(second!.id, '11.20', '8000.00'), bothReceipts()),
        200,
      );
      expectStatus(
        await payCuota(t.app, sellerA.token, mixed(third!.id, '200.00', '448.40'), bothReceipts()),
        200,
      );
      expect(counters(await instalmentsAs(sellerA.token, contract.id))).toEqual({
        cuotas_pagadas: 3,
        cuotas_pendientes: 2,
        total_pendiente: 422.4,
      });
    });
  });

  it('of concurrent payments of one instalment exactly one succeeds, the others get 409 and leave no file', async () => {
    const contract = await financedContract({ cuotas: 3, pagoInicial: 100 });
    const [cuota] = contract.instalments;
    const receiptsBefore = receiptsOnDisk(t.config.dataDir).length;

    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        payCuota(t.app, sellerA.token, usdPayment(cuota!.id, cuota!.monto), [receipt('comprobante_usd')]),
      ),
    );

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const response of responses.filter((item) => item.statusCode === 409))
      expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.cuotaYaPagada });
    expect((await paymentsOf(t.db, contract.id)).filter((row) => row.cuotaId === cuota!.id)).toHaveLength(1);
    expect(receiptsOnDisk(t.config.dataDir)).toHaveLength(receiptsBefore + 1);

    const again = await payCuota(t.app, sellerA.token, usdPayment(cuota!.id, cuota!.monto), [
      receipt('comprobante_usd'),
    ]);
    expect(again.statusCode).toBe(409);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'waits for the contract before taking its instalment, so it never deadlocks with an initial payment that prices the instalments again (needs DATABASE_URL)',
    async () => {
      const contract = await financedContract({ cuotas: 3, pagoInicial: 100 });
      const [cuota] = contract.instalments;
      // As an initial payment in another currency does: the contract, then its unpaid instalments.
      const response = await lockingInTurn(
        t.db,
        sql`select 1 from solicitudes where id = ${contract.id} for update`,
        () =>
          payCuota(t.app, sellerA.token, usdPayment(cuota!.id, cuota!.monto), [receipt('comprobante_usd')]),
        sql`update cuotas set monto = monto where solicitud_id = ${contract.id}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect((await paymentsOf(t.db, contract.id)).filter((row) => row.cuotaId === cuota!.id)).toHaveLength(
        1,
      );
    },
  );

  it("refuses another seller's instalment with 403 and no file; the seller's supervisor may pay it", async () => {
    const contract = await financedContract({ cuotas: 2, pagoInicial: 100 });
    const [cuota] = contract.instalments;
    const before = await stateOf(contract.id);

    const stranger = await payCuota(t.app, sellerB.token, usdPayment(cuota!.id, cuota!.monto), [
      receipt('comprobante_usd'),
    ]);
    expect(stranger.statusCode).toBe(403);
    expect(await stateOf(contract.id)).toEqual(before);

    const bySupervisor = await payCuota(t.app, supervisor.token, usdPayment(cuota!.id, cuota!.monto), [
      receipt('comprobante_usd'),
    ]);
    expect(bySupervisor.statusCode, bySupervisor.body).toBe(200);
    expect(bySupervisor.json()).toMatchObject({ estado_pago: 'pagado' });
    expect((await requestRow(t.db, contract.id)).estadoPago).toBe('pagado');
  });

  it('overdue unpaid instalments become vencido (red badge), still count as pending and can still be paid', async () => {
    // cuota_3 1,166.40 − 20.00 − 100.00 = 1,046.40 in 2 instalments of 523.20.
    const contract = await financedContract({ cuotas: 3, pagoInicial: 100 });
    const [first, second] = contract.instalments;
    await t.db.update(cuotas).set({ fechaVencimiento: '2024-01-15' }).where(eq(cuotas.id, first!.id));

    expect(await markOverdueInstalments({ db: t.db })).toBeGreaterThanOrEqual(1);

    let body = await instalmentsAs(sellerA.token, contract.id);
    expect(body.cuotas.map((cuota) => cuota.estado_pago)).toEqual(['vencido', 'pendiente']);
    expect(body.cuotas.map((cuota) => instalmentState(cuota.estado_pago))).toEqual(['vencido', 'pendiente']);
    expect(counters(body)).toEqual({ cuotas_pagadas: 0, cuotas_pendientes: 2, total_pendiente: 1046.4 });

    expectStatus(
      await payCuota(t.app, sellerA.token, usdPayment(first!.id, '523.20'), [receipt('comprobante_usd')]),
      200,
    );
    // A paid instalment past its date is not overdue.
    expect(await markOverdueInstalments({ db: t.db })).toBe(0);
    body = await instalmentsAs(sellerA.token, contract.id);
    expect(body.cuotas.map((cuota) => cuota.estado_pago)).toEqual(['pagado', 'pendiente']);
    expect(counters(body)).toEqual({ cuotas_pagadas: 1, cuotas_pendientes: 1, total_pendiente: 523.2 });

    await t.db.update(cuotas).set({ fechaVencimiento: '2024-02-15' }).where(eq(cuotas.id, second!.id));
    await markOverdueInstalments({ db: t.db });
    expectStatus(
      await payCuota(t.app, sellerA.token, vesPayment(second!.id, '20928.00', 'pago_movil'), [
        receipt('comprobante_ves'),
      ]),
      200,
    );
    expect((await requestRow(t.db, contract.id)).estadoPago).toBe('pagado');
  });
});

describe('financed contracts, receipts and payment history by owner', () => {
  let bossD: TestUser;
  let sellerD: TestUser; // supervised by bossD
  let sellerE: TestUser;
  let contractsD: number[];
  let contractE: number;
  let usdPaymentId: number;
  let vesPaymentId: number;

  beforeAll(async () => {
    [bossD, sellerD, sellerE] = await Promise.all([
      userWithRole(t.app, admin, 'supervisor'),
      userWithRole(t.app, admin, 'vendedor'),
      userWithRole(t.app, admin, 'vendedor'),
    ]);
    await assignSupervisor(t.app, admin, sellerD, bossD);
    const [clientD, clientE] = await Promise.all([
      createClientVia(t.app, sellerD.token),
      createClientVia(t.app, sellerE.token),
    ]);
    const d1 = await financedContract({ cuotas: 3, pagoInicial: 100, seller: sellerD, client: clientD });
    const d2 = await financedContract({ cuotas: 2, pagoInicial: 50, seller: sellerD, client: clientD });
    const e1 = await financedContract({ cuotas: 2, pagoInicial: 100, seller: sellerE, client: clientE });
    contractsD = [d2.id, d1.id];
    contractE = e1.id;
    // Neither a cash contract nor a financed request not yet converted is a financed contract.
    const cash = await postRequest(t.app, sellerD.token, clientD.id, { plan: cremacion });
    expectConverted(await convert(t.app, admin, cash.id));
    await postRequest(t.app, sellerD.token, clientD.id, {
      plan: cremacion,
      modalidad: 'Financiado',
      cuotas: 2,
      pagoInicial: 10,
    });

    const usd = await payCuota(t.app, sellerD.token, usdPayment(d1.instalments[0]!.id, '523.20'), [
      { field: 'comprobante_usd', filename: 'zelle.png', content: imageBytes('png', 512), type: 'image/png' },
    ]);
    usdPaymentId = expectStatus(usd, 200).json<{ pago: { id: number } }>().pago.id;
    const ves = await payCuota(
      t.app,
      sellerD.token,
      vesPayment(d1.instalments[1]!.id, '20928.00', 'transferencia'),
      [pdfReceipt('comprobante_ves', 'transferencia.pdf')],
    );
    vesPaymentId = expectStatus(ves, 200).json<{ pago: { id: number } }>().pago.id;
    expectStatus(
      await payCuota(t.app, sellerE.token, usdPayment(e1.instalments[0]!.id, e1.instalments[0]!.monto), [
        receipt('comprobante_usd'),
      ]),
      200,
    );
  });

  const financed = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cuotas/contratos-financiados',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RequestDto[]>();
  };

  it('GET /api/v1/cuotas/contratos-financiados lists only the financed contracts one reaches', async () => {
    const ofD = await financed(sellerD.token);
    expect(ofD.map((item) => item.id)).toEqual(contractsD);
    expect(ofD[0]).toMatchObject({
      estado: 'contrato',
      modalidadPago: 'Financiado',
      vendedor_nombre: sellerD.username,
      numero_contrato: expect.any(String),
      cliente: { nombre: expect.any(String) },
      items_adicionales: { precioConDescuento: 1113.2 },
      precioPlan: 1123.2,
      detalles: [expect.objectContaining({ pagoInicial: 50, cuotas: 2, montoPorCuotas: 1063.2 })],
    });
    expect((await financed(sellerE.token)).map((item) => item.id)).toEqual([contractE]);
    expect((await financed(bossD.token)).map((item) => item.id)).toEqual(contractsD);
    for (const token of [admin, asistente.token]) {
      const ids = (await financed(token)).map((item) => item.id);
      expect(ids).toEqual(expect.arrayContaining([...contractsD, contractE]));
    }
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/v1/cuotas/contratos-financiados',
      headers: bearer((await userWithRole(t.app, admin, 'cliente')).token),
    });
    expect(forbidden.statusCode).toBe(403);
  });

  const receiptOf = (token: string | undefined, id: number, which: 'usd' | 'ves') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/pagos/${id}/comprobante/${which}`,
      headers: token ? bearer(token) : {},
    });

  it('serves a receipt to the seller who owns the payment, their supervisor and administrators only', async () => {
    for (const token of [sellerD.token, bossD.token, admin, asistente.token]) {
      const response = await receiptOf(token, usdPaymentId, 'usd');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.rawPayload.equals(imageBytes('png', 512))).toBe(true);
    }
    const pdf = await receiptOf(sellerD.token, vesPaymentId, 'ves');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF_BYTES)).toBe(true);

    for (const token of [sellerE.token, supervisor.token]) {
      const response = await receiptOf(token, usdPaymentId, 'usd');
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toContain('application/json');
    }
    expect((await receiptOf(undefined, usdPaymentId, 'usd')).statusCode).toBe(401);
    const none = await receiptOf(sellerD.token, usdPaymentId, 'ves');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: PAYMENT_MESSAGES.comprobanteNoEncontrado });
    expect((await receiptOf(sellerD.token, 999_999, 'usd')).statusCode).toBe(404);
  });

  const history = async (token: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pagos/historial${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Paged<PaymentReport>>();
  };

  it('GET /api/v1/pagos/historial lists one’s own payments, newest first, paged', async () => {
    const ofD = await history(sellerD.token, '?per_page=50');
    // Two initial payments and two instalments of D's contracts; nothing of E.
    expect(ofD.total).toBe(4);
    expect(ofD.items.map((item) => [item.tipo, item.nro_cuota])).toEqual([
      ['cuota', 2],
      ['cuota', 1],
      ['inicial', 1],
      ['inicial', 1],
    ]);
    expect(ofD.items.every((item) => contractsD.includes(item.solicitud_id))).toBe(true);
    expect(ofD.items[0]).toMatchObject({
      id: vesPaymentId,
      metodo_pago: 'VES',
      metodo_ves: 'transferencia',
      bolivares: 20928,
      dollar_price: RATE,
      banco_emisor: 'Banesco',
      tiene_comprobante_ves: true,
    });

    const ofE = await history(sellerE.token);
    expect(ofE.total).toBe(2);
    expect(ofE.items.every((item) => item.solicitud_id === contractE)).toBe(true);

    const byBoss = await history(bossD.token);
    expect(byBoss.items.map((item) => item.id)).toEqual(ofD.items.map((item) => item.id));

    const paged = await Promise.all(
      [1, 2, 3].map((page) => history(sellerD.token, `?page=${page}&per_page=3`)),
    );
    expect(paged.map((page) => page.items.map((item) => item.id))).toEqual([
      ofD.items.slice(0, 3).map((item) => item.id),
      ofD.items.slice(3).map((item) => item.id),
      [],
    ]);
    expect((await history(admin, '?per_page=100')).total).toBeGreaterThanOrEqual(6);
  });
});

describe('GET /api/v1/cuotas/contratos-financiados pages (issue 12)', () => {
  // Seller F (supervised by bossF): 1,050 financed contracts, two per microsecond, and 30 cash ones; seller G:
  // 20 financed. More than one keyset batch (1,000) for F.
  const OF_F = 1050;
  const OF_G = 20;
  let sellerF: TestUser;
  let sellerG: TestUser;
  let bossF: TestUser;

  beforeAll(async () => {
    [sellerF, sellerG, bossF] = await Promise.all([
      userWithRole(t.app, admin, 'vendedor'),
      userWithRole(t.app, admin, 'vendedor'),
      userWithRole(t.app, admin, 'supervisor'),
    ]);
    await assignSupervisor(t.app, admin, sellerF, bossF);
    const [clientF, clientG] = await Promise.all([
      createClientVia(t.app, sellerF.token),
      createClientVia(t.app, sellerG.token),
    ]);
    const ofF = { sellerId: sellerF.id, clientId: clientF.id, tiesOf: 2 };
    await insertContracts(t.db, { ...ofF, count: OF_F, prefix: 'FF', modalidad: 'Financiado' });
    await insertContracts(t.db, { ...ofF, count: 30, prefix: 'FC', modalidad: 'De Contado' });
    await insertContracts(t.db, {
      sellerId: sellerG.id,
      clientId: clientG.id,
      count: OF_G,
      prefix: 'GF',
      modalidad: 'Financiado',
    });
  });

  const get = (token: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/cuotas/contratos-financiados${query}`,
      headers: bearer(token),
    });
  const idsOf = (response: { json: <T>() => T }) =>
    response.json<RequestDto[]>().map((contract) => contract.id);

  it('pages a seller’s own financed contracts, newest conversion first, with X-Total-Count', async () => {
    const whole = await get(sellerF.token);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['x-total-count']).toBe(String(OF_F));
    const all = whole.json<RequestDto[]>();
    expect(all).toHaveLength(OF_F);
    expect(all.every((item) => item.vendedor_id === sellerF.id && item.modalidadPago === 'Financiado')).toBe(
      true,
    );
    // FF2 and FF3 share a microsecond: the higher id first.
    expect(all.slice(0, 3).map((item) => item.numero_solicitud)).toEqual(['FF1', 'FF3', 'FF2']);

    expect(idsOf(await get(sellerF.token, '?page=1&per_page=25'))).toEqual(idsOf(whole).slice(0, 25));
    expect(idsOf(await get(sellerF.token, '?page=21&per_page=25'))).toEqual(idsOf(whole).slice(500, 525));
    expect(idsOf(await get(sellerF.token, '?page=11&per_page=100'))).toEqual(idsOf(whole).slice(1000));
    expect(idsOf(await get(sellerF.token, '?page=12&per_page=100'))).toEqual([]);
  });

  it('answers the same bytes unpaged as its pages joined', async () => {
    const whole = await get(bossF.token);
    const bodies: string[] = [];
    for (let page = 1; page <= 11; page += 1) {
      const response = await get(bossF.token, `?page=${page}&per_page=100`);
      expect(response.headers['x-total-count']).toBe(String(OF_F));
      bodies.push(response.body);
    }
    expect(whole.body).toBe(
      `[${bodies
        .map((body) => body.slice(1, -1))
        .filter(Boolean)
        .join(',')}]`,
    );
  });

  it('counts what each one reaches: G only theirs, an administrator every financed contract', async () => {
    const ofG = await get(sellerG.token, '?page=1&per_page=10');
    expect(ofG.headers['x-total-count']).toBe(String(OF_G));
    expect(ofG.json<RequestDto[]>().every((item) => item.vendedor_id === sellerG.id)).toBe(true);
    const everyFinanced = await t.db
      .select({ id: solicitudes.id })
      .from(solicitudes)
      .where(and(eq(solicitudes.estado, 'contrato'), eq(solicitudes.modalidadPago, 'Financiado')));
    for (const token of [admin, asistente.token]) {
      const page = await get(token, '?per_page=5');
      expect(page.headers['x-total-count']).toBe(String(everyFinanced.length));
      expect(page.json<RequestDto[]>()).toHaveLength(5);
    }
  });

  it('refuses a bad page or page size with 422 in Spanish, and a cliente with 403', async () => {
    for (const query of ['?page=0', '?per_page=101', '?page=dos']) {
      const response = await get(sellerF.token, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<{ detail: { msg: string }[] }>().detail[0]?.msg).toMatch(/número|Demasiado/);
    }
    const cliente = await userWithRole(t.app, admin, 'cliente');
    expect((await get(cliente.token, '?page=1')).statusCode).toBe(403);
  });
});
