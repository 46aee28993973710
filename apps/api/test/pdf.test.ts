import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES, CONTRACT_MESSAGES, formatUsd, MSG, type Client } from '@camposanto/domain';
import { autorizados, cuotas, pagos, planesFunerarios } from '../src/db/schema';
import { businessDate } from '../src/lib/business-time';
import { buildContractPdf, buildReceiptPdf, buildStatementPdf } from '../src/modules/pdf';
import { bearer, type TestUser } from './helpers/auth';
import {
  expectStatus,
  payCuota,
  paymentSetup,
  paymentsOf,
  pngReceipt,
  postMultipart,
  cents,
  reportPayment,
  type PaymentSetup,
} from './helpers/payment-fixtures';
import { lineWith, pdfPages, pdfText, pdfToPng, realPng } from './helpers/pdf-text';
import { convert, expectConverted, instalmentsOf, postRequest, type PlanRow } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 14 §1: the contract, receipt, statement and quote PDFs, read back with pdftotext.

const RATE = 40;
const RENDER = process.env.PDF_PNG_DIR; // set to render each document to PNG there (to look at the layout)

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let seller: TestUser;
let otherSeller: TestUser;
let asistente: TestUser;
let client: Client;
let cremacion: PlanRow;
let setup: PaymentSetup;
let contract: { id: number; numero: string; initialPaymentId: number; instalmentPaymentId: number };

const COMPANY = {
  nombre: 'Camposanto Jardín de la Paz, C.A.',
  rif: 'j-12345678-9',
  direccion: 'Av. Principal de La Guaira, Edif. Señorial, piso 2, Caracas',
  telefonos: '0212-5551234 / 0414-1234567',
  email: 'Oficina@JardinDeLaPaz.com.ve',
  clausulas:
    'PRIMERA: El cliente se compromete a pagar las cuotas en las fechas indicadas.\n\nSEGUNDA: La falta de pago de tres (3) cuotas consecutivas autoriza a la empresa a rescindir el contrato. ¿Dudas? ¡Llámenos!',
  dias_recordatorio: 5,
};

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function pdfOf(url: string, token: string) {
  const response = expectStatus(await get(url, token), 200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return { response, text: pdfText(response.rawPayload), bytes: response.rawPayload };
}

const today = () => businessDate(new Date());
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

beforeAll(async () => {
  t = await createTestApp();
  setup = await paymentSetup(t, { rate: RATE });
  ({ admin, supervisor, seller, otherSeller, asistente, cremacion, client } = setup);
  expectStatus(
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/empresa',
      headers: bearer(admin),
      payload: COMPANY,
    }),
    200,
  );
  expectStatus(
    await postMultipart(t.app, '/api/v1/admin/empresa/logo', admin, {}, [
      { field: 'logo', filename: 'logo.png', content: realPng(), type: 'image/png' },
    ]),
    200,
  );
  // Cremación Básica financed in 4: cuota_4 1,209.60 − 20 % of the USD initial (20.00) − 100.01 = 1,089.59,
  // in 3 instalments of 363.20, 363.20, 363.19.
  const request = await postRequest(t.app, seller.token, client.id, {
    plan: cremacion,
    modalidad: 'Financiado',
    metodo: 'USD',
    cuotas: 4,
    pagoInicial: 100.01,
  });
  expectStatus(
    await reportPayment(
      t.app,
      seller.token,
      { solicitud_id: request.id, metodoPago: 'USD', banco_emisor: 'Mercantil', referencia: 'ZELLE-7781' },
      [pngReceipt('comprobante_usd')],
    ),
    200,
  );
  const numero = expectConverted(await convert(t.app, admin, request.id));
  const [first] = await instalmentsOf(t.db, request.id);
  expectStatus(
    await payCuota(
      t.app,
      seller.token,
      {
        cuota_id: first!.id,
        metodo_pago: 'VES',
        metodo_ves: 'pago_movil',
        monto_ves: '14528.00',
        banco_emisor: 'Banco de Venezuela',
        referencia: '00445566',
      },
      [pngReceipt('comprobante_ves')],
    ),
    200,
  );
  const payments = await paymentsOf(t.db, request.id);
  contract = {
    id: request.id,
    numero,
    initialPaymentId: payments.find((row) => row.tipo === 'inicial')!.id,
    instalmentPaymentId: payments.find((row) => row.tipo === 'cuota')!.id,
  };
});
afterAll(() => t.close());

describe('GET /api/v1/pdf/contrato/{contratoId}', () => {
  it('prints letterhead, client, seller, lines, schedule, clauses and signatures, amounts to the cent', async () => {
    const { response, text, bytes } = await pdfOf(`/api/v1/pdf/contrato/${contract.id}`, seller.token);
    expect(response.headers['content-disposition']).toContain(
      `attachment; filename="contrato-${contract.numero}.pdf"`,
    );
    expect(response.headers['cache-control']).toContain('no-store');
    if (RENDER) pdfToPng(bytes, `${RENDER}/contrato`);
    expect(text).toContain('Camposanto Jardín de la Paz, C.A.');
    expect(text).toContain('RIF J-12345678-9');
    expect(text).toContain('Teléfonos: 0212-5551234 / 0414-1234567');
    expect(text).toContain('oficina@jardindelapaz.com.ve');
    expect(text).toContain('CONTRATO');
    expect(text).toContain(`N.º ${contract.numero}`);
    expect(text).toContain(`Fecha: ${ddmmyyyy(today())}`);
    expect(text).toContain(client.nombre);
    expect(text).toContain(client.cedula);
    expect(text).toContain('Av. Urdaneta, Caracas');
    expect(text).toContain('2125550000 / 04145550000');
    expect(
      lineWith(text, 'Cremación', 'Financiado', 'USD', '$ 1.209,60', '$ 20,00', '$ 1.189,60'),
    ).toBeDefined();
    expect(lineWith(text, 'Total', '$ 1.189,60')).toBeDefined();
    expect(lineWith(text, 'Pago inicial', '$ 100,01')).toBeDefined();
    expect(lineWith(text, 'Saldo en cuotas', '$ 1.089,59')).toBeDefined();
    const schedule = await instalmentsOf(t.db, contract.id);
    expect(schedule.map((row) => row.monto)).toEqual(['363.20', '363.20', '363.19']);
    expect(lineWith(text, '1', ddmmyyyy(schedule[0]!.fechaVencimiento), '$ 363,20', 'Pagada')).toBeDefined();
    expect(
      lineWith(text, '2', ddmmyyyy(schedule[1]!.fechaVencimiento), '$ 363,20', 'Pendiente'),
    ).toBeDefined();
    expect(
      lineWith(text, '3', ddmmyyyy(schedule[2]!.fechaVencimiento), '$ 363,19', 'Pendiente'),
    ).toBeDefined();
    expect(text).toContain('PRIMERA: El cliente se compromete');
    expect(text).toContain('¿Dudas? ¡Llámenos!');
    expect(text).toContain('EL CLIENTE');
    expect(text).toContain('LA EMPRESA');
    expect(text).toMatch(/Página 1 de \d/);
    expect(pdfPages(bytes)).toBeGreaterThanOrEqual(1);
  });

  it('lists the authorised persons of the contract', async () => {
    await t.db.insert(autorizados).values({
      solicitudId: contract.id,
      nombre: 'María Peña Núñez',
      cedula: 'V-11222333',
      telefono: '04121112233',
    });
    const { text } = await pdfOf(`/api/v1/pdf/contrato/${contract.id}`, admin);
    expect(text).toContain('PERSONAS AUTORIZADAS');
    expect(lineWith(text, 'María Peña Núñez', 'V-11222333', '04121112233')).toBeDefined();
  });

  it('is served to the seller’s supervisor, administrador and asistente; 403 to another seller, 401, 422, 404', async () => {
    for (const token of [supervisor.token, admin, asistente.token])
      await pdfOf(`/api/v1/pdf/contrato/${contract.id}`, token);
    const other = await get(`/api/v1/pdf/contrato/${contract.id}`, otherSeller.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe(CONTRACT_MESSAGES.vendedorAjeno);
    expect((await get(`/api/v1/pdf/contrato/${contract.id}`)).statusCode).toBe(401);
    expect((await get('/api/v1/pdf/contrato/abc', admin)).statusCode).toBe(422);
    expect((await get('/api/v1/pdf/contrato/-1', admin)).statusCode).toBe(422);
    const missing = await get('/api/v1/pdf/contrato/99999999', admin);
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 for a request that is not a contract yet', async () => {
    const request = await postRequest(t.app, seller.token, client.id, { plan: cremacion });
    const response = await get(`/api/v1/pdf/contrato/${request.id}`, seller.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(COMPANY_MESSAGES.contratoNoEncontrado);
  });
});

describe('GET /api/v1/pdf/recibo/{pagoId}', () => {
  it('prints the initial payment: number, date, concept, USD amount, bank, reference, balance after', async () => {
    const { response, text, bytes } = await pdfOf(
      `/api/v1/pdf/recibo/${contract.initialPaymentId}`,
      seller.token,
    );
    const number = `R-${String(contract.initialPaymentId).padStart(6, '0')}`;
    expect(response.headers['content-disposition']).toContain(`attachment; filename="recibo-${number}.pdf"`);
    if (RENDER) pdfToPng(bytes, `${RENDER}/recibo-inicial`);
    expect(text).toContain('RECIBO DE PAGO');
    expect(text).toContain(`N.º ${number}`);
    expect(text).toContain(`Fecha: ${ddmmyyyy(today())}`);
    expect(text).toContain(client.nombre);
    expect(text).toContain(`Pago inicial del contrato ${contract.numero}`);
    expect(lineWith(text, 'Monto en dólares', '$ 100,01')).toBeDefined();
    expect(lineWith(text, 'Tasa de cambio aplicada', '40,00 Bs. por dólar')).toBeDefined();
    expect(text).toContain('Mercantil');
    expect(text).toContain('ZELLE-7781');
    expect(lineWith(text, 'Saldo después de este pago', '$ 1.089,59')).toBeDefined();
  });

  it('prints an instalment paid in bolívares with the rate, method, banks and the balance after it', async () => {
    const { text, bytes } = await pdfOf(
      `/api/v1/pdf/recibo/${contract.instalmentPaymentId}`,
      supervisor.token,
    );
    if (RENDER) pdfToPng(bytes, `${RENDER}/recibo-cuota`);
    expect(text).toContain(`Cuota 1 de 3 del contrato ${contract.numero}`);
    expect(lineWith(text, 'Monto en dólares', '$ 363,20')).toBeDefined();
    expect(lineWith(text, 'Monto en bolívares', '14.528,00 Bs.')).toBeDefined();
    expect(lineWith(text, 'Tasa de cambio aplicada', '40,00 Bs. por dólar')).toBeDefined();
    expect(text).toContain('Bolívares (VES) · Pago Móvil');
    expect(text).toContain('Banco de Venezuela');
    expect(text).toContain('00445566');
    expect(text).toContain('Banesco'); // the receiving account's bank
    expect(lineWith(text, 'Saldo después de este pago', '$ 726,39')).toBeDefined();
    expect(text).toContain('Por verificar');
  });

  it('refuses the receipt of a rejected payment (409) and keeps ownership: 403, 401, 422, 404', async () => {
    const request = await postRequest(t.app, seller.token, client.id, { plan: cremacion });
    expectStatus(
      await reportPayment(t.app, seller.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
        pngReceipt('comprobante_usd'),
      ]),
      200,
    );
    const [payment] = await paymentsOf(t.db, request.id);
    await t.db
      .update(pagos)
      .set({ estadoVerificacion: 'rechazado', motivoRechazo: 'Comprobante ilegible' })
      .where(eq(pagos.id, payment!.id));
    const rejected = await get(`/api/v1/pdf/recibo/${payment!.id}`, admin);
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().detail).toBe(COMPANY_MESSAGES.reciboPagoRechazado);

    expect((await get(`/api/v1/pdf/recibo/${contract.initialPaymentId}`, otherSeller.token)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/v1/pdf/recibo/${contract.initialPaymentId}`)).statusCode).toBe(401);
    expect((await get('/api/v1/pdf/recibo/1.5', admin)).statusCode).toBe(422);
    const missing = await get('/api/v1/pdf/recibo/99999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(COMPANY_MESSAGES.pagoNoEncontrado);
    await pdfOf(`/api/v1/pdf/recibo/${contract.initialPaymentId}`, asistente.token);
  });
});

describe('GET /api/v1/pdf/estado-cuenta/{contratoId}', () => {
  it('prints every instalment with due date, state, payment and days overdue, and the totals to the cent', async () => {
    const schedule = await instalmentsOf(t.db, contract.id);
    // The second instalment fell due 10 days ago.
    const due = new Date(Date.now() - 4 * 3_600_000 - 10 * 86_400_000).toISOString().slice(0, 10);
    await t.db.update(cuotas).set({ fechaVencimiento: due }).where(eq(cuotas.id, schedule[1]!.id));
    const { response, text, bytes } = await pdfOf(`/api/v1/pdf/estado-cuenta/${contract.id}`, seller.token);
    expect(response.headers['content-disposition']).toContain(
      `attachment; filename="estado-cuenta-${contract.numero}.pdf"`,
    );
    if (RENDER) pdfToPng(bytes, `${RENDER}/estado-cuenta`);
    expect(text).toContain('ESTADO DE CUENTA');
    expect(text).toContain(`Al ${ddmmyyyy(today())}`);
    expect(
      lineWith(text, '1', ddmmyyyy(schedule[0]!.fechaVencimiento), '$ 363,20', 'Pagada', '00445566'),
    ).toBeDefined();
    expect(lineWith(text, '2', ddmmyyyy(due), '$ 363,20', 'Vencida', '10')).toBeDefined();
    expect(
      lineWith(text, '3', ddmmyyyy(schedule[2]!.fechaVencimiento), '$ 363,19', 'Pendiente'),
    ).toBeDefined();
    // Paid: initial 100.01 + instalment 363.20 = 463.21; outstanding 363.20 + 363.19 = 726.39.
    expect(lineWith(text, 'Monto total', '$ 1.189,60')).toBeDefined();
    expect(lineWith(text, 'Total pagado', '$ 463,21')).toBeDefined();
    expect(lineWith(text, 'Saldo pendiente', '$ 726,39')).toBeDefined();
    expect(lineWith(text, 'Vencido (1 cuota)', '$ 363,20')).toBeDefined();
    expect(lineWith(text, 'Días de mora', '10')).toBeDefined();
  });

  it('follows the contract’s ownership', async () => {
    await pdfOf(`/api/v1/pdf/estado-cuenta/${contract.id}`, supervisor.token);
    expect((await get(`/api/v1/pdf/estado-cuenta/${contract.id}`, otherSeller.token)).statusCode).toBe(403);
    expect((await get(`/api/v1/pdf/estado-cuenta/${contract.id}`)).statusCode).toBe(401);
    expect((await get('/api/v1/pdf/estado-cuenta/x', admin)).statusCode).toBe(422);
    expect((await get('/api/v1/pdf/estado-cuenta/99999999', admin)).statusCode).toBe(404);
  });

  it('is built by buildStatementPdf, buildContractPdf and buildReceiptPdf for the other modules', async () => {
    const statement = await buildStatementPdf({ db: t.db, contractId: contract.id });
    expect(statement.filename).toBe(`estado-cuenta-${contract.numero}.pdf`);
    expect(pdfText(statement.content)).toContain('Total pagado');
    expect((await buildContractPdf({ db: t.db, contractId: contract.id })).filename).toBe(
      `contrato-${contract.numero}.pdf`,
    );
    const receipt = await buildReceiptPdf({ db: t.db, paymentId: contract.initialPaymentId });
    expect(receipt.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('POST /api/v1/pdf/presupuesto', () => {
  const body = (overrides: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
    cliente_id: client.id,
    tipo_servicio: 'cremacion',
    modalidadPago: 'Financiado',
    detalles: [
      {
        plan_id: cremacion.id,
        modalidadPago: 'Financiado',
        metodoPago: 'USD',
        cuotas: 4,
        pagoInicial: 100.01,
        ...line,
      },
    ],
    ...overrides,
  });
  const post = (token: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/pdf/presupuesto',
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });

  it('prices the unsaved form on the server and prints a quote valid 3 days', async () => {
    // The amounts sent are ignored: the server prices the line.
    const response = expectStatus(
      await post(seller.token, body({}, { precioTotal: 1, montoPorCuota: 1 })),
      200,
    );
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="presupuesto-\d{12}\.pdf"/,
    );
    if (RENDER) pdfToPng(response.rawPayload, `${RENDER}/presupuesto`);
    const text = pdfText(response.rawPayload);
    const validUntil = new Date(Date.parse(`${today()}T00:00:00Z`) + 3 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(text).toContain('PRESUPUESTO');
    expect(text).toContain(`Válido hasta: ${ddmmyyyy(validUntil)}`);
    expect(text).toContain(client.nombre);
    expect(lineWith(text, 'Cremación', 'USD', '$ 1.209,60', '$ 20,00', '$ 1.189,60')).toBeDefined();
    expect(lineWith(text, 'Cremación Básica', 'Inicial $ 100,01')).toBeDefined();
    expect(lineWith(text, '1', '$ 363,20')).toBeDefined();
    expect(lineWith(text, '3', '$ 363,19')).toBeDefined();
    expect(text).toContain('Presupuesto válido por 3 días');
    // Nothing is saved.
    expect((await paymentsOf(t.db, contract.id)).length).toBe(2);
  });

  it('prints a cash quote without a client', async () => {
    const response = expectStatus(
      await post(seller.token, {
        tipo_servicio: 'cremacion',
        modalidadPago: 'De Contado',
        detalles: [{ plan_id: cremacion.id, metodoPago: 'USD' }],
      }),
      200,
    );
    const text = pdfText(response.rawPayload);
    expect(lineWith(text, 'Total', '$ 720,00')).toBeDefined();
  });

  it('quotes lines of several services at once, each under its own service (issue 15, generic screen)', async () => {
    const funeral = setup.planOf('Plan Funerario Integral');
    const response = expectStatus(
      await post(seller.token, {
        tipo_servicio: 'cremacion',
        modalidadPago: 'De Contado',
        detalles: [
          {
            tipo_servicio: 'cremacion',
            plan_id: cremacion.id,
            modalidadPago: 'De Contado',
            metodoPago: 'USD',
          },
          {
            tipo_servicio: 'plan-funerario',
            plan_id: funeral.id,
            modalidadPago: 'De Contado',
            metodoPago: 'USD',
          },
        ],
      }),
      200,
    );
    const text = pdfText(response.rawPayload);
    // 900 and 2,600 cash, each less 20 % in USD: 720 + 2,080.
    expect(lineWith(text, 'Plan Funerario', '$ 2.600,00', '$ 520,00', '$ 2.080,00')).toBeDefined();
    expect(lineWith(text, 'Total', '$ 2.800,00')).toBeDefined();
  });

  it('quotes a pre-need plan with its relatives’ rates added, as POST /api/previsivos prices it', async () => {
    const plan = setup.planOf('Previsivo Cremación');
    const born = (years: number) => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - 30))
        .toISOString()
        .slice(0, 10);
    };
    const response = expectStatus(
      await post(seller.token, {
        cliente_id: client.id,
        tipo_servicio: 'previsivo',
        modalidadPago: 'Financiado',
        detalles: [{ plan_id: plan.id, metodoPago: 'USD', cuotas: 2, pagoInicial: 0 }],
        familiares: [
          { nombre: 'Luisito Pérez', fecha_nacimiento: born(10), parentesco: 2 },
          { nombre: 'Doña Carmen Núñez', fecha_nacimiento: born(65), parentesco: 'Padre/Madre' },
        ],
      }),
      200,
    );
    const text = pdfText(response.rawPayload);
    // cuota_2 = 1,497.60, plus 54.00 (Hijo(a), 10 years) and 270.00 (Padre/Madre, 65 years) = 1,821.60.
    expect(lineWith(text, 'Luisito Pérez', 'Hijo(a)', '10', '$ 54,00')).toBeDefined();
    expect(lineWith(text, 'Doña Carmen Núñez', 'Padre/Madre', '65', '$ 270,00')).toBeDefined();
    expect(lineWith(text, 'Total', '$ 1.821,60')).toBeDefined();
    expect(lineWith(text, '1', '$ 1.821,60')).toBeDefined();
    const noRate = await post(seller.token, {
      tipo_servicio: 'previsivo',
      modalidadPago: 'Financiado',
      detalles: [{ plan_id: plan.id, metodoPago: 'USD', cuotas: 2 }],
      familiares: [{ nombre: 'X', fecha_nacimiento: born(30), parentesco: 'Vecino' }],
    });
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().detail).toBe('Parentesco no válido: Vecino.');
  });

  it('quotes a funeral wake with its extras, in cash', async () => {
    const [wake] = await t.db
      .select()
      .from(planesFunerarios)
      .where(eq(planesFunerarios.isActive, true))
      .orderBy(asc(planesFunerarios.id))
      .limit(1);
    const response = expectStatus(
      await post(seller.token, {
        cliente_id: client.id,
        tipo_servicio: 'Servicio Funerario',
        modalidadPago: 'De Contado',
        plan_funerario_id: wake!.id,
        traslado: true,
        detalles: [{ descripcion: wake!.tipoCapilla, metodoPago: 'USD' }],
      }),
      200,
    );
    const text = pdfText(response.rawPayload);
    const total = cents(wake!.precioVelacion ?? 0) + cents(wake!.precioTraslado ?? 0);
    expect(text).toContain(wake!.tipoCapilla);
    expect(lineWith(text, 'Traslado:', formatUsd(Number(wake!.precioTraslado)))).toBeDefined();
    expect(lineWith(text, 'Total', formatUsd(total / 100))).toBeDefined();
    const missing = await post(seller.token, {
      tipo_servicio: 'Servicio Funerario',
      modalidadPago: 'De Contado',
      plan_funerario_id: 99999999,
      detalles: [{ descripcion: 'x' }],
    });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses another seller’s client (403), a bad service or pricing (400), a bad body (422), the asistente (403), no token (401)', async () => {
    expect((await post(otherSeller.token, body())).statusCode).toBe(403);
    expect((await post(asistente.token, body())).statusCode).toBe(403);
    expect((await post(undefined, body())).statusCode).toBe(401);
    const service = await post(seller.token, body({ tipo_servicio: 'nada' }));
    expect(service.statusCode).toBe(400);
    expect(service.json().detail).toBe(MSG.tipoServicioNoValido);
    expect((await post(seller.token, body({ detalles: [] }))).statusCode).toBe(422);
    expect((await post(seller.token, body({}, { pagoInicial: 5000 }))).statusCode).toBe(400);
    expect((await post(seller.token, body({ cliente_id: 'x' }))).statusCode).toBe(422);
    expect((await post(seller.token, body({ cliente_id: 99999999 }))).statusCode).toBe(404);
  });
});
