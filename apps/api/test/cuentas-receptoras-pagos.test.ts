import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, SETTINGS_MESSAGES, type Client, type ReceivingAccount } from '@camposanto/domain';
import { archivos, auditoria, cuotas, solicitudDetalles, solicitudes } from '../src/db/schema';
import { bearer, type TestUser } from './helpers/auth';
import {
  cents,
  expectStatus,
  payCuota,
  paymentSetup,
  paymentsOf,
  pdfReceipt,
  receiptsOnDisk,
  reportPayment,
  TEST_RECEIVING_ACCOUNT,
} from './helpers/payment-fixtures';
import { convert, expectConverted, instalmentsOf, postRequest, type PlanRow } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 10: a payment in bolívares needs an active receiving account (the payer must be told where to pay);
// without one it is refused with a clear Spanish 400 and nothing is stored. Dollars need none.

const RATE = 40;
const ACCOUNTS = '/api/v1/admin/cuentas-receptoras';

let t: TestApp;
let admin: string;
let seller: TestUser;
let client: Client;
let cremacion: PlanRow;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, seller, cremacion, client } = await paymentSetup(t));
  // The rate only: this file is about the receiving account.
  expectStatus(
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/tasa-cambio',
      headers: bearer(admin),
      payload: { promedio: RATE },
    }),
    200,
  );
});
afterAll(() => t?.close());

const vesFields = { banco_emisor: 'Banco de Venezuela', referencia: '00112233' };

/** Everything a refused payment could have changed: the request, its lines and schedule, payments, files, audit. */
async function stateOf(requestId: number) {
  const [request] = await t.db.select().from(solicitudes).where(eq(solicitudes.id, requestId));
  const lines = await t.db
    .select()
    .from(solicitudDetalles)
    .where(eq(solicitudDetalles.solicitudId, requestId));
  const [[files], [audits]] = await Promise.all([
    t.db.select({ n: count() }).from(archivos),
    t.db.select({ n: count() }).from(auditoria),
  ]);
  return {
    request: { ...request, updatedAt: undefined },
    lines,
    schedule: await t.db.select().from(cuotas).where(eq(cuotas.solicitudId, requestId)),
    payments: (await paymentsOf(t.db, requestId)).length,
    receipts: receiptsOnDisk(t.config.dataDir).length,
    files: files?.n,
    audits: audits?.n,
  };
}

async function addAccount(overrides: Partial<typeof TEST_RECEIVING_ACCOUNT> & { activa?: boolean } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: ACCOUNTS,
    headers: bearer(admin),
    payload: { ...TEST_RECEIVING_ACCOUNT, ...overrides },
  });
  return expectStatus(response, 201).json<ReceivingAccount>();
}

async function setActive(account: ReceivingAccount, activa: boolean) {
  const { id: _id, es_demo: _demo, ...fields } = account;
  expectStatus(
    await t.app.inject({
      method: 'PUT',
      url: `${ACCOUNTS}/${account.id}`,
      headers: bearer(admin),
      payload: { ...fields, activa },
    }),
    200,
  );
}

/** A financed request whose initial was paid in dollars, converted: its first instalment is due. */
async function contractWithInstalments() {
  const request = await postRequest(t.app, seller.token, client.id, {
    plan: cremacion,
    modalidad: 'Financiado',
    metodo: 'USD',
    cuotas: 3,
    pagoInicial: 150,
  });
  expectStatus(
    await reportPayment(t.app, seller.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
      pdfReceipt('comprobante_usd'),
    ]),
    200,
  );
  expectConverted(await convert(t.app, admin, request.id));
  const [first] = await instalmentsOf(t.db, request.id);
  return { id: request.id, instalment: first! };
}

describe('without any active receiving account', () => {
  it('takes a payment in dollars, recording no receiving bank', async () => {
    const { id } = await contractWithInstalments();
    const [payment] = await paymentsOf(t.db, id);
    expect(payment?.bancoReceptor).toBeNull();
  });

  it('refuses a cash payment in bolívares with a Spanish 400, and stores and reprices nothing', async () => {
    const request = await postRequest(t.app, seller.token, client.id, { plan: cremacion, metodo: 'USD' });
    const before = await stateOf(request.id);
    const response = await reportPayment(
      t.app,
      seller.token,
      { solicitud_id: request.id, metodoPago: 'VES', ...vesFields },
      [pdfReceipt('comprobante_ves')],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: SETTINGS_MESSAGES.sinCuentaActiva });
    expect(await stateOf(request.id)).toEqual(before);
  });

  it.each(['VES', 'Ambos'] as const)(
    'refuses an instalment paid in %s with a Spanish 400 and stores nothing',
    async (metodo) => {
      const { id, instalment } = await contractWithInstalments();
      const before = await stateOf(id);
      const due = cents(instalment.monto);
      const fields: Record<string, string> =
        metodo === 'VES'
          ? { monto_ves: centsToDecimal(due * RATE) }
          : { monto_usd: centsToDecimal(due - 1000), monto_ves: centsToDecimal(1000 * RATE) };
      const response = await payCuota(
        t.app,
        seller.token,
        {
          cuota_id: instalment.id,
          metodo_pago: metodo,
          metodo_ves: 'transferencia',
          ...vesFields,
          ...fields,
        },
        [pdfReceipt('comprobante_ves'), ...(metodo === 'Ambos' ? [pdfReceipt('comprobante_usd')] : [])],
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: SETTINGS_MESSAGES.sinCuentaActiva });
      expect(await stateOf(id)).toEqual(before);
    },
  );

  it('still refuses while the only account is inactive', async () => {
    const account = await addAccount({ numero_cuenta: '0102-0000-00-1111111111', activa: false });
    const request = await postRequest(t.app, seller.token, client.id, { plan: cremacion, metodo: 'VES' });
    const response = await reportPayment(
      t.app,
      seller.token,
      { solicitud_id: request.id, metodoPago: 'VES', ...vesFields },
      [pdfReceipt('comprobante_ves')],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: SETTINGS_MESSAGES.sinCuentaActiva });
    await setActive(account, true);
  });
});

describe('with an active receiving account', () => {
  it('records its bank on a payment in bolívares, which keeps it after the account is deleted', async () => {
    const [account] = (
      await t.app.inject({ method: 'GET', url: ACCOUNTS, headers: bearer(seller.token) })
    ).json<ReceivingAccount[]>();
    expect(account).toBeDefined();
    const request = await postRequest(t.app, seller.token, client.id, { plan: cremacion, metodo: 'VES' });
    expectStatus(
      await reportPayment(
        t.app,
        seller.token,
        { solicitud_id: request.id, metodoPago: 'VES', ...vesFields },
        [pdfReceipt('comprobante_ves')],
      ),
      200,
    );
    expectStatus(
      await t.app.inject({ method: 'DELETE', url: `${ACCOUNTS}/${account!.id}`, headers: bearer(admin) }),
      200,
    );
    const [payment] = await paymentsOf(t.db, request.id);
    expect(payment?.bancoReceptor).toBe(account!.banco);
  });
});
