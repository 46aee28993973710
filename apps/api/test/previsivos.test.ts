import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES,
  MSG,
  quote,
  REQUEST_MESSAGES,
  toCents,
  type CreatedRequests,
} from '@camposanto/domain';
import {
  auditoria,
  correlativos,
  familiares,
  planes,
  solicitudDetalles,
  solicitudes,
} from '../src/db/schema';
import { seedCatalogue } from '../src/seed/catalogue';
import { adminToken, bearer, unique, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, insertCliente, lastAuditId } from './helpers/fixtures';
import { multipartBody } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';

// Pre-need requests (SPEC §2 SOLICITUD DE CONTRATO PREVISIVO, §3 Previsivo request and Familiar, §5 financed
// only with 1–4 lapsos, §7 POST /api/clientes and POST /api/previsivos, §9 relationship codes, validity one
// year, PRE-000001): each relative adds the rate of their relationship and age (Total Adicional).

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAN = 'Previsivo Cremación';

let t: TestApp;
let admin: string;
let vendedor: TestUser;
let otroVendedor: TestUser;
let asistente: TestUser;
let clienteId: number;
let plan: typeof planes.$inferSelect;
let cremacionPlanId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue({ db: t.db });
  admin = await adminToken(t.app);
  [vendedor, otroVendedor, asistente] = await Promise.all([
    userWithRole(t.app, admin, 'vendedor'),
    userWithRole(t.app, admin, 'vendedor'),
    userWithRole(t.app, admin, 'asistente'),
  ]);
  clienteId = (await insertCliente(t.db, vendedor.id)).id;
  [plan] = (await t.db.select().from(planes).where(eq(planes.descripcion, PLAN))) as [typeof plan];
  const [cremacion] = await t.db.select().from(planes).where(eq(planes.descripcion, 'Cremación Básica'));
  cremacionPlanId = cremacion!.id;
});
afterAll(() => t.close());

/** The ISO date of someone who turned `years` a month ago. */
function bornYearsAgo(years: number, dayShift = -30): string {
  const today = new Date();
  const date = new Date(today.getFullYear() - years, today.getMonth(), today.getDate() + dayShift);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

type Relative = {
  nombre: string;
  cedula?: string;
  fecha_nacimiento: string;
  edad?: number;
  parentesco: unknown;
};

const relative = (parentesco: unknown, edad: number, overrides: Partial<Relative> = {}): Relative => ({
  nombre: `Familiar ${unique()}`,
  cedula: `V-${50000000 + unique()}`,
  fecha_nacimiento: bornYearsAgo(edad),
  edad,
  parentesco,
  ...overrides,
});

/** The pre-need form's request (SPEC §3 Previsivo request) with the plan named by plan_id. */
function previsivo(
  { cuotas = 2, pagoInicial = 0, metodoPago = 'USD', ...line }: Record<string, unknown> = {},
  familiaresSent: Relative[] = [],
  overrides: Record<string, unknown> = {},
) {
  return {
    tipo_servicio: 'previsivo',
    descripcion: PLAN,
    modalidadPago: 'Financiado',
    codigo: 'PRE-000000',
    cliente_id: clienteId,
    vendedor_id: vendedor.id,
    supervisor_id: null,
    plan_id: plan.id,
    fecha_actual: new Date().toISOString(),
    estado: 'solicitud',
    detalles: [
      {
        codigo: 'PRE-000000',
        modalidadPago: 'Financiado',
        metodoPago,
        pagoInicial,
        cuotas,
        ...line,
        detalles_adicionales: { tipo_servicio: 'previsivo', tipo_contrato: 'Nuevo Contrato' },
      },
    ],
    familiares: familiaresSent,
    ...overrides,
  };
}

const post = (body: unknown, token = vendedor.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/previsivos',
    headers: token ? bearer(token) : {},
    payload: body as object,
  });

async function saved(body: unknown, token = vendedor.token) {
  const response = await post([body], token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatedRequests>().items[0]!;
}

async function stored(id: number) {
  const [row] = await t.db.select().from(solicitudes).where(eq(solicitudes.id, id));
  const [line] = await t.db.select().from(solicitudDetalles).where(eq(solicitudDetalles.solicitudId, id));
  const relatives = await t.db
    .select()
    .from(familiares)
    .where(eq(familiares.solicitudId, id))
    .orderBy(asc(familiares.id));
  return { row: row!, line: line!, relatives };
}

/** What GET /api/previsivos/calcular_monto answers for a relative: the form's own preview. */
async function rate(parentesco: number, edad: number): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/previsivos/calcular_monto?plan=${plan.id}&parentesco=${parentesco}&edad=${edad}`,
    headers: bearer(vendedor.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ monto: number }>().monto;
}

const prices = () => ({
  de_contado_bcv: plan.deContadoBcv,
  de_contado: plan.deContado,
  financiado: plan.financiado,
  cuota_1: plan.cuota1,
  cuota_2: plan.cuota2,
  cuota_3: plan.cuota3,
  cuota_4: plan.cuota4,
});

async function state() {
  const n = async (table: typeof solicitudes | typeof familiares | typeof auditoria) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    solicitudes: await n(solicitudes),
    familiares: await n(familiares),
    audits: await n(auditoria),
    counters: await t.db.select().from(correlativos),
  };
}

const detailOf = (response: { json: () => unknown }) => {
  const { detail } = response.json() as { detail: string | { msg: string }[] };
  return typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; ');
};

describe('POST /api/previsivos', () => {
  it('adds each relative’s rate by relationship and age to the plan (Total Adicional)', async () => {
    const hijo = relative('Hijo(a)', 10);
    const madre = relative(1, 65);
    const since = await lastAuditId(t.db);

    const created = await saved(previsivo({ cuotas: 2 }, [hijo, madre]));

    // Seeded rates: Hijo(a) 90 × 0.6 (0–17 years), Padre/Madre 180 × 1.5 (60–74 years).
    expect(await rate(2, 10)).toBe(54);
    expect(await rate(1, 65)).toBe(270);
    const { row, line, relatives } = await stored(created.id);
    expect(relatives).toEqual([
      expect.objectContaining({
        nombre: hijo.nombre,
        cedula: hijo.cedula,
        fechaNacimiento: hijo.fecha_nacimiento,
        parentesco: 2,
        precio: '54.00',
      }),
      expect.objectContaining({ nombre: madre.nombre, parentesco: 1, precio: '270.00' }),
    ]);
    // cuota_2 = 1,497.60, plus 324.00 of relatives; one instalment holds the whole balance.
    expect(line).toMatchObject({
      tipoServicio: 'previsivo',
      modalidadPago: 'Financiado',
      cuotas: 2,
      precioFinanciado: '1821.60',
      precioTotal: '1821.60',
      descuento: '0.00',
      montoPorCuota: '1821.60',
    });
    expect(line.detallesAdicionales).toMatchObject({ total_adicional: 324, tipo_contrato: 'Nuevo Contrato' });
    expect(row).toMatchObject({
      numeroSolicitud: 'PRE-000001',
      tipoServicio: 'previsivo',
      modalidadPago: 'Financiado',
      montoTotal: '1821.60',
      estado: 'solicitud',
      estadoPago: 'pendiente',
      vendedorId: vendedor.id,
    });
    expect(created.monto_total).toBe(1821.6);
    // SPEC §4: valid one year.
    const validity = row.fechaVencimiento.getTime() - row.fechaCreacion.getTime();
    expect(validity).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(validity).toBeLessThanOrEqual(366 * DAY_MS);

    const audits = await auditSince(t.db, since);
    expect(audits.map((audit) => audit.accion)).toEqual(['crear_solicitud']);
    expect(audits[0]!.descripcion).toContain('PRE-000001');
  });

  it('creates the client through POST /api/clientes and uses its cliente_id, as the pre-need form does', async () => {
    const n = unique();
    const fields = {
      nombre: `Ana Rivas ${n}`,
      cedula: `V-${60000000 + n}`,
      fecha_nacimiento: '1975-03-09',
      telefono: '2125550000',
      email: `ana${n}@correo.com`,
      direccion: 'Av. Bolívar',
    };
    const { payload, headers } = await multipartBody(
      Object.entries(fields).map(([field, value]) => ({ field, value })),
    );
    const client = await t.app.inject({
      method: 'POST',
      url: '/api/clientes',
      payload,
      headers: { ...headers, ...bearer(vendedor.token) },
    });
    const { cliente_id } = client.json<{ cliente_id: number }>();

    const created = await saved(previsivo({}, [], { cliente_id }));

    expect((await stored(created.id)).row).toMatchObject({
      clienteId: cliente_id,
      numeroSolicitud: 'PRE-000002',
    });
  });

  it('prices a USD initial payment and lapsos as the domain quote does, and accepts matching sent amounts', async () => {
    const relatives = [relative(3, 40), relative('Abuelo(a)', 80)];
    const adicional = toCents(await rate(3, 40)) + toCents(await rate(5, 80)); // 120 + 484
    const expected = quote({
      plan: prices(),
      modalidad: 'Financiado',
      metodo: 'USD',
      cuotas: 3,
      pagoInicial: toCents(300),
      adicional,
    });
    // cuota_3 = 1,555.20 + 604.00; discount 60 on the initial 300; the balance in 2 instalments.
    expect(expected).toMatchObject({
      precioFinanciado: 215920,
      descuento: 6000,
      saldo: 179920,
      montoPorCuota: 89960,
    });

    const created = await saved(
      previsivo({ cuotas: 3, pagoInicial: 300, precioTotal: 2099.2, montoPorCuotas: 899.6 }, relatives),
    );

    const { line, relatives: rows } = await stored(created.id);
    expect(line).toMatchObject({
      pagoInicial: '300.00',
      precioFinanciado: '2159.20',
      descuento: '60.00',
      precioTotal: '2099.20',
      montoPorCuota: '899.60',
    });
    expect(rows.map((row) => [row.parentesco, row.precio])).toEqual([
      [3, '120.00'],
      [5, '484.00'],
    ]);
  });

  it('prices the plan alone when no relative is associated', async () => {
    const created = await saved(previsivo({ cuotas: 4 }));
    const { line, relatives } = await stored(created.id);
    expect(relatives).toEqual([]);
    // cuota_4 = 1,440 × 1.12 = 1,612.80 in 3 instalments.
    expect(line).toMatchObject({ precioFinanciado: '1612.80', montoPorCuota: '537.60' });
    expect(line.detallesAdicionales).toMatchObject({ total_adicional: 0 });
  });

  it.each([
    ['the text Hijo(a)', 'Hijo(a)'],
    ['the text in other case', 'hijo(A)'],
    ['the code 2', 2],
    ['the code as text "2"', '2'],
  ])('takes the relationship as %s', async (_, parentesco) => {
    const created = await saved(previsivo({}, [relative(parentesco, 30)]));
    expect((await stored(created.id)).relatives).toEqual([
      expect.objectContaining({ parentesco: 2, precio: '90.00' }),
    ]);
  });

  const refusals: [string, () => unknown, number, string][] = [
    ['5 lapsos', () => previsivo({ cuotas: 5 }), 422, 'Los lapsos deben estar entre 1 y 4.'],
    ['0 lapsos', () => previsivo({ cuotas: 0 }), 422, 'Los lapsos deben estar entre 1 y 4.'],
    [
      'an unknown relationship',
      () => previsivo({}, [relative('Vecino', 30)]),
      400,
      'Parentesco no válido: Vecino.',
    ],
    ['the relationship code 9', () => previsivo({}, [relative('9', 30)]), 400, 'Parentesco no válido: 9.'],
    [
      'a relative without a rate for their age',
      () => previsivo({}, [relative(2, 125)]),
      400,
      'No hay tarifa para Hijo(a) de 125 años en el plan seleccionado.',
    ],
    [
      'a relative born in the future',
      () => previsivo({}, [relative(2, 0, { fecha_nacimiento: bornYearsAgo(0, 2) })]),
      422,
      CLIENT_MESSAGES.fechaFutura,
    ],
    [
      'a relative without a name',
      () => previsivo({}, [relative(2, 30, { nombre: ' ' })]),
      422,
      MSG.campoRequerido,
    ],
    [
      'amounts that disagree',
      () => previsivo({ precioTotal: 1000 }, [relative(2, 30)]),
      400,
      REQUEST_MESSAGES.montosNoCoinciden,
    ],
    [
      'an initial payment over the financed total',
      () => previsivo({ pagoInicial: 5000 }),
      400,
      'El monto inicial no puede exceder el precio total financiado.',
    ],
    [
      'a plan of another service',
      () => previsivo({}, [], { plan_id: cremacionPlanId }),
      400,
      REQUEST_MESSAGES.planNoDisponible,
    ],
    [
      'an unknown plan',
      () => previsivo({}, [], { plan_id: 999_999 }),
      400,
      REQUEST_MESSAGES.planNoDisponible,
    ],
    ['no client', () => previsivo({}, [], { cliente_id: null }), 422, REQUEST_MESSAGES.clienteRequerido],
  ];

  it.each(refusals)(
    'refuses %s with a Spanish message and saves nothing',
    async (_, build, status, message) => {
      const before = await state();
      const response = await post([build()]);
      expect(response.statusCode).toBe(status);
      expect(detailOf(response)).toContain(message);
      expect(await state()).toEqual(before);
    },
  );

  it('refuses an array of more than one pre-need request', async () => {
    const response = await post([previsivo(), previsivo()]);
    expect(response.statusCode).toBe(422);
    expect(detailOf(response)).toBe('Envíe una solicitud previsiva.');
  });

  it('refuses another seller’s client (403), the asistente role (403) and a call without token (401)', async () => {
    const before = await state();
    const foreign = await post([previsivo()], otroVendedor.token);
    expect(foreign.statusCode).toBe(403);
    expect(detailOf(foreign)).toBe(CLIENT_MESSAGES.deOtroVendedor);
    expect((await post([previsivo()], asistente.token)).statusCode).toBe(403);
    expect((await post([previsivo()], '')).statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });
});
