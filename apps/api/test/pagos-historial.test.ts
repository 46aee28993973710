import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomeSummary, InstalmentPayment, Paged, PaymentReport } from '@camposanto/domain';
import { bearer, type TestUser } from './helpers/auth';
import { imageBytes } from './helpers/multipart';
import {
  expectStatus,
  payCuota,
  paymentSetup,
  pdfReceipt,
  pngReceipt,
  reportPayment,
  requestRow,
} from './helpers/payment-fixtures';
import {
  convert,
  countStatements,
  createClientVia,
  expectConverted,
  instalmentsOf,
  postRequest,
  type PlanRow,
} from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 10 §7: /ventas/historial-pagos shows each payment with its own state (a paid Cuota #1 is paid while its
// contract is still inicial_pagada), 'Historial de cuotas' shows how each paid instalment was paid and opens its
// receipts, and the income summary's totals are the payments' sums.

const RATE = 40;

let t: TestApp;
let admin: string;
let seller: TestUser;
let asistente: TestUser;
let cremacion: PlanRow; // Cremación Básica: cuota_n = 1,080 × (1 + 0.04 (n − 1))

type Instalments = {
  cuotas: { id: number; numero: number; fecha_pago: string | null; pago?: InstalmentPayment | null }[];
};

async function history(): Promise<PaymentReport[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/pagos/historial?page=1&per_page=10',
    headers: bearer(seller.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Paged<PaymentReport>>().items;
}

const getInstalments = (token: string, contractId: number) =>
  t.app.inject({ method: 'GET', url: `/api/v1/cuotas/cuotas/${contractId}`, headers: bearer(token) });

async function instalmentsAs(token: string, contractId: number): Promise<Instalments> {
  return expectStatus(await getInstalments(token, contractId), 200).json<Instalments>();
}

/** A financed Cremación Básica with its $100 initial reported in USD, converted to a contract. */
async function financedContract(cuotas: number) {
  const client = await createClientVia(t.app, seller.token);
  const request = await postRequest(t.app, seller.token, client.id, {
    plan: cremacion,
    modalidad: 'Financiado',
    metodo: 'USD',
    cuotas,
    pagoInicial: 100,
  });
  expectStatus(
    await reportPayment(t.app, seller.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
      pngReceipt('comprobante_usd'),
    ]),
    200,
  );
  expectConverted(await convert(t.app, admin, request.id));
  return { id: request.id, instalments: await instalmentsOf(t.db, request.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, seller, asistente, cremacion } = await paymentSetup(t, { rate: RATE }));
});

afterAll(() => t.close());

describe("payment history: each payment's own state", () => {
  it('a paid Cuota #1 reads pagado while the contract is inicial_pagada; the initial reads inicial_pagada throughout', async () => {
    // cuota_3 1,166.40 − 20 % of the USD initial (20.00) − 100.00 = 1,046.40, in 2 instalments of 523.20.
    const contract = await financedContract(3);
    const [first, second] = contract.instalments;
    const states = async () =>
      (await history())
        .filter((payment) => payment.solicitud_id === contract.id)
        .map((payment) => [payment.tipo, payment.nro_cuota, payment.estado_pago]);
    expect(await states()).toEqual([['inicial', 1, 'inicial_pagada']]);

    expectStatus(
      await payCuota(t.app, seller.token, { cuota_id: first!.id, metodo_pago: 'USD', monto_usd: '523.20' }, [
        pngReceipt('comprobante_usd'),
      ]),
      200,
    );
    expect((await requestRow(t.db, contract.id)).estadoPago).toBe('inicial_pagada');
    expect(await states()).toEqual([
      ['cuota', 1, 'pagado'],
      ['inicial', 1, 'inicial_pagada'],
    ]);

    expectStatus(
      await payCuota(t.app, seller.token, { cuota_id: second!.id, metodo_pago: 'USD', monto_usd: '523.20' }, [
        pngReceipt('comprobante_usd'),
      ]),
      200,
    );
    expect((await requestRow(t.db, contract.id)).estadoPago).toBe('pagado');
    expect(await states()).toEqual([
      ['cuota', 2, 'pagado'],
      ['cuota', 1, 'pagado'],
      ['inicial', 1, 'inicial_pagada'],
    ]);
  });

  it('a cash payment reads pagado', async () => {
    const client = await createClientVia(t.app, seller.token);
    const request = await postRequest(t.app, seller.token, client.id, { plan: cremacion });
    expectStatus(
      await reportPayment(t.app, seller.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
        pngReceipt('comprobante_usd'),
      ]),
      200,
    );
    const [payment] = (await history()).filter((row) => row.solicitud_id === request.id);
    expect(payment).toMatchObject({ tipo: 'contado', estado_pago: 'pagado' });
  });

  it("the income summary's total is the sum of the contracts' payments, to the cent", async () => {
    const income = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/historial-ingresos-resumen',
      headers: bearer(admin),
    });
    const { totales } = income.json<IncomeSummary>();
    const paid = (await history())
      .filter((payment) => payment.numero_contrato !== null)
      .reduce((sum, payment) => sum + Math.round(payment.monto_pagado * 100), 0);
    expect(Math.round(totales.suma_total_pagos * 100)).toBe(paid);
  });
});

describe('Historial de cuotas: how each paid instalment was paid', () => {
  it('carries date, method, amounts, rate, bank, reference and receipts of each paid instalment; none for the unpaid', async () => {
    // cuota_4 1,209.60 − 20.00 − 100.00 = 1,089.60, in 3 instalments of 363.20; at 40 Bs./USD 14,528.00 Bs.
    const contract = await financedContract(4);
    const [first, second] = contract.instalments;
    expectStatus(
      await payCuota(
        t.app,
        seller.token,
        {
          cuota_id: first!.id,
          metodo_pago: 'VES',
          metodo_ves: 'pago_movil',
          monto_ves: '14528.00',
          banco_emisor: 'Banesco',
          referencia: 'PM-0001',
        },
        [pdfReceipt('comprobante_ves')],
      ),
      200,
    );
    // Ambos: $163.20 and 8,000.00 Bs. (= $200.00).
    expectStatus(
      await payCuota(
        t.app,
        seller.token,
        {
          cuota_id: second!.id,
          metodo_pago: 'Ambos',
          metodo_ves: 'transferencia',
          monto_usd: '163.20',
          monto_ves: '8000.00',
          banco_emisor: 'Banco Plaza',
          referencia: 'TR-0002',
        },
        [
          {
            field: 'comprobante_usd',
            filename: 'zelle.png',
            content: imageBytes('png', 321),
            type: 'image/png',
          },
          pdfReceipt('comprobante_ves'),
        ],
      ),
      200,
    );

    const { cuotas } = await instalmentsAs(asistente.token, contract.id);

    expect(cuotas.map((cuota) => cuota.pago ?? null)).toEqual([
      {
        id: expect.any(Number),
        fecha_pago: cuotas[0]!.fecha_pago ? expect.any(String) : null,
        metodo_pago: 'VES',
        metodo_ves: 'pago_movil',
        divisas: 0,
        bolivares: 14528,
        dollar_price: RATE,
        monto_pagado: 363.2,
        banco_emisor: 'Banesco',
        referencia: 'PM-0001',
        tiene_comprobante_usd: false,
        tiene_comprobante_ves: true,
        // Issue 14 §3: reported, waiting for administración's check.
        estado_verificacion: 'por_verificar',
        motivo_rechazo: null,
      },
      {
        id: expect.any(Number),
        fecha_pago: expect.any(String),
        metodo_pago: 'Ambos',
        metodo_ves: 'transferencia',
        divisas: 163.2,
        bolivares: 8000,
        dollar_price: RATE,
        monto_pagado: 363.2,
        banco_emisor: 'Banco Plaza',
        referencia: 'TR-0002',
        tiene_comprobante_usd: true,
        tiene_comprobante_ves: true,
        // Issue 14 §3: reported, waiting for administración's check.
        estado_verificacion: 'por_verificar',
        motivo_rechazo: null,
      },
      null,
    ]);
    // The payment's date is the day the instalment was paid.
    for (const cuota of cuotas.slice(0, 2))
      expect(Date.parse(cuota.pago!.fecha_pago) - Date.parse(cuota.fecha_pago!)).toBeLessThan(60_000);

    // The office opens the receipts through the authorised receipt route.
    const mixed = cuotas[1]!.pago!;
    const usdReceipt = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pagos/${mixed.id}/comprobante/usd`,
      headers: bearer(asistente.token),
    });
    expect(usdReceipt.statusCode).toBe(200);
    expect(usdReceipt.headers['content-type']).toContain('image/png');
    expect(usdReceipt.rawPayload.equals(imageBytes('png', 321))).toBe(true);
    const vesReceipt = await t.app.inject({
      method: 'GET',
      url: `/api/v1/pagos/${cuotas[0]!.pago!.id}/comprobante/ves`,
      headers: bearer(admin),
    });
    expect(vesReceipt.statusCode).toBe(200);
    expect(vesReceipt.headers['content-type']).toContain('application/pdf');
  });

  it('reads the payments in the same query as the instalments: as many statements for 0 as for 3 paid', async () => {
    const unpaid = await financedContract(4);
    const paid = await financedContract(4);
    for (const instalment of paid.instalments)
      expectStatus(
        await payCuota(
          t.app,
          seller.token,
          { cuota_id: instalment.id, metodo_pago: 'USD', monto_usd: '363.20' },
          [pngReceipt('comprobante_usd')],
        ),
        200,
      );

    const none = await countStatements(t.db, () => instalmentsAs(admin, unpaid.id));
    const all = await countStatements(t.db, () => instalmentsAs(admin, paid.id));

    expect(all.result.cuotas.every((cuota) => cuota.pago?.metodo_pago === 'USD')).toBe(true);
    expect(none.result.cuotas.every((cuota) => cuota.pago === null)).toBe(true);
    expect(all.statements).toBe(none.statements);
  });
});
