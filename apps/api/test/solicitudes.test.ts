import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES,
  MSG,
  PLOT_CODE_ERROR,
  PRICING_MESSAGES,
  quote,
  REQUEST_MESSAGES,
  toCents,
  type CreatedRequests,
} from '@camposanto/domain';
import {
  auditoria,
  correlativos,
  nichosColumbario,
  parcelas,
  planes,
  planesFunerarios,
  reservas,
  solicitudDetalles,
  solicitudes,
} from '../src/db/schema';
import { seedCatalogue } from '../src/seed/catalogue';
import { bearer, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, insertCliente, insertNicho, insertParcela, lastAuditId } from './helpers/fixtures';
import { salesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Requests (SPEC §3 Request sent / Detalle, §4 states and validity, §5 create request, §7 POST
// /api/v1/solicitudes/, §9 discount, validity and number formats; DESIGN §4.2 one pricing rule, §4.5 seats
// reserved in the same transaction, §5 bad input changes nothing and every change is audited).

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let vendedor: TestUser; // supervised by `supervisor`
let otroVendedor: TestUser;
let asistente: TestUser;
let clienteRol: TestUser;
let clienteId: number; // of `vendedor`
let otroClienteId: number; // of `otroVendedor`

type PlanRow = typeof planes.$inferSelect;
const plans: Record<string, PlanRow> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue({ db: t.db });
  ({ admin, supervisor, seller: vendedor, otherSeller: otroVendedor, asistente } = await salesTeam(t.app));
  clienteRol = await userWithRole(t.app, admin, 'cliente');
  clienteId = (await insertCliente(t.db, vendedor.id)).id;
  otroClienteId = (await insertCliente(t.db, otroVendedor.id)).id;
  for (const plan of await t.db.select().from(planes)) plans[plan.descripcion] = plan;
});
afterAll(() => t.close());

const planId = (descripcion: string) => {
  const plan = plans[descripcion];
  if (!plan) throw new Error(`no seeded plan ${descripcion}`);
  return plan.id;
};
const JARDIN = 'Parcela Jardín (3 puestos)';
const CREMACION = 'Cremación Básica';
const NICHO = 'Nicho de Columbario Sencillo (1 urna)';

type Line = Record<string, unknown>;
type RequestBody = Record<string, unknown>;

function request(tipo: string, line: Line, overrides: RequestBody = {}): RequestBody {
  return {
    cliente_id: clienteId,
    tipo_servicio: tipo,
    modalidadPago: line.modalidadPago ?? 'De Contado',
    detalles: [{ metodoPago: 'USD', ...line }],
    ...overrides,
  };
}

/** A cash USD request for a seat of a new plot with free seats. */
async function plotRequest(overrides: Line = {}) {
  const plot = await insertParcela(t.db, { disponible: 3, reservadas: 0 });
  return request('parcelas', { plan_id: planId(JARDIN), codigo: plot.codigo, ...overrides });
}

const post = (body: unknown, token = vendedor.token, url = '/api/v1/solicitudes/') =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: body as object });

async function saved(body: unknown, token = vendedor.token) {
  const response = await post(body, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatedRequests>();
}

async function stored(id: number) {
  const [row] = await t.db.select().from(solicitudes).where(eq(solicitudes.id, id));
  const lines = await t.db
    .select()
    .from(solicitudDetalles)
    .where(eq(solicitudDetalles.solicitudId, id))
    .orderBy(asc(solicitudDetalles.id));
  return { row: row!, lines };
}

const total = async (table: typeof solicitudes | typeof solicitudDetalles | typeof reservas) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

/** Everything a refused request could have changed. */
async function state() {
  return {
    solicitudes: await total(solicitudes),
    detalles: await total(solicitudDetalles),
    reservas: await total(reservas),
    audits: (await t.db.select({ n: count() }).from(auditoria))[0]!.n,
    counters: await t.db.select().from(correlativos).orderBy(asc(correlativos.clave)),
    plots: await t.db.select().from(parcelas).orderBy(asc(parcelas.id)),
    niches: await t.db.select().from(nichosColumbario).orderBy(asc(nichosColumbario.id)),
  };
}

const detailOf = (response: { json: () => unknown }) => {
  const { detail } = response.json() as { detail: string | { msg: string }[] };
  return typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; ');
};

describe('request numbers (SPEC §9)', () => {
  it('follow the format of each service and count on without a gap after a refused request', async () => {
    const numberOf = async (body: unknown, url?: string) => {
      const response = await post([body].flat(), vendedor.token, url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CreatedRequests>().items[0]!.numero_solicitud;
    };
    const cremacion = request('cremacion', { plan_id: planId(CREMACION) });
    expect(await numberOf(cremacion)).toBe('CRE000001');
    expect(await numberOf(request('honra-exequias', { plan_id: planId('Honra de Exequias Sencilla') }))).toBe(
      'EXE000001',
    );
    expect(await numberOf(request('Inhumacion', { plan_id: planId('Inhumación en Parcela') }))).toBe(
      'INH000001',
    );
    expect(await numberOf(request('plan-funerario', { plan_id: planId('Plan Funerario Esencial') }))).toBe(
      'PSF000001',
    );
    expect(await numberOf(await plotRequest())).toBe('S000001');
    expect(await numberOf(request('nicho-ataud', { plan_id: planId('Nicho de Ataúd Sencillo') }))).toBe(
      'S000002',
    );
    const previsivo = {
      cliente_id: clienteId,
      plan_id: planId('Previsivo Cremación'),
      tipo_servicio: 'previsivo',
      modalidadPago: 'Financiado',
      detalles: [{ cuotas: 2, pagoInicial: 0, metodoPago: 'USD' }],
    };
    expect(await numberOf(previsivo, '/api/previsivos')).toBe('PRE-000001');
    const [wake] = await t.db.select().from(planesFunerarios).limit(1);
    const funeral = {
      cliente_id: clienteId,
      tipo_servicio: 'Servicio Funerario',
      plan_funerario_id: wake!.id,
      difuntos: [{ nombre_difunto: 'José Gómez' }],
    };
    expect(await numberOf(funeral, '/api/v1/solicitudes')).toBe('FUN-00001');

    // Refused before and after the number is drawn: neither leaves a gap.
    expect(
      (await post([{ ...cremacion, detalles: [{ plan_id: planId(CREMACION), descuento: 1 }] }])).statusCode,
    ).toBe(400);
    expect((await post([request('parcelas', { plan_id: planId(JARDIN) })])).statusCode).toBe(400);
    expect(await numberOf(cremacion)).toBe('CRE000002');
    expect(await numberOf(await plotRequest())).toBe('S000003');
  });
});

describe('pricing by the server (SPEC §9 Discount, DESIGN §4.2)', () => {
  it('names the plan by its description when a client of the old system sends no plan_id (DESIGN §3)', async () => {
    const created = await saved([request('cremacion', { descripcion: CREMACION.toUpperCase() })]);
    const { lines } = await stored(created.items[0]!.id);
    expect(lines[0]).toMatchObject({ planId: planId(CREMACION), precioTotal: '720.00' });

    const unknown = await post([request('cremacion', { descripcion: 'Plan que no existe' })]);
    expect(unknown.statusCode).toBe(400);
    const withoutEither = await post([request('cremacion', {})]);
    expect(withoutEither.statusCode).toBe(422);
    expect(JSON.stringify(withoutEither.json())).toContain('Por favor, seleccione un plan y una modalidad.');
  });

  it('prices a cash USD plot at de_contado minus 20 %, whatever amounts and states the client sends', async () => {
    const body = await plotRequest({ precioPlan: 1, detalles_adicionales: { nota: 'jardín' } });
    Object.assign(body, {
      monto_total: 1,
      precioPlan: 1,
      items_adicionales: { metodoPago: 'USD', descuento: 0, precioConDescuento: 1 },
      estado: 'contrato',
      estadoPago: 'pagado',
      fecha_vencimiento: '2099-01-01T00:00:00Z',
      vendedor_id: otroVendedor.id,
    });

    const created = await saved([body]);

    expect(created.mensaje).toBe('Solicitudes registradas con éxito.');
    expect(created.items[0]!.monto_total).toBe(2400);
    const { row, lines } = await stored(created.items[0]!.id);
    expect(row).toMatchObject({
      tipoServicio: 'parcelas',
      modalidadPago: 'De Contado',
      metodoPago: 'USD',
      precioPlan: '3000.00',
      descuento: '600.00',
      precioConDescuento: '2400.00',
      montoTotal: '2400.00',
      estado: 'solicitud',
      estadoPago: 'pendiente',
      numeroContrato: null,
      emailEnviado: false,
      vendedorId: vendedor.id,
      supervisorId: supervisor.id,
      creadoPor: vendedor.id,
      clienteId,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      planId: planId(JARDIN),
      precioPlan: '3000.00',
      descuento: '600.00',
      precioConDescuento: '2400.00',
      precioTotal: '2400.00',
      pagoInicial: '0.00',
      cuotas: 0,
      montoPorCuota: '0.00',
      precioFinanciado: '0.00',
      estadoPago: 'pendiente',
    });
    expect(lines[0]!.detallesAdicionales).toMatchObject({
      nota: 'jardín',
      descripcion: JARDIN,
      modalidadPago: 'De Contado',
    });
  });

  it('accepts the amounts the form computed when they match, and prices cash in VES at de_contado_bcv', async () => {
    const usd = await saved([
      await plotRequest({ precioPlan: 3000, descuento: 600, precioConDescuento: 2400, precioTotal: 2400 }),
    ]);
    expect(usd.items[0]!.monto_total).toBe(2400);

    const ves = await saved([await plotRequest({ metodoPago: 'VES', descuento: 0, precioTotal: 3000 })]);
    const { row } = await stored(ves.items[0]!.id);
    expect(row).toMatchObject({
      metodoPago: 'VES',
      precioPlan: '3000.00',
      descuento: '0.00',
      montoTotal: '3000.00',
    });
  });

  it('prices a financed plot with a USD initial payment as the domain quote does', async () => {
    const plan = plans[JARDIN]!;
    const expected = quote({
      plan: {
        de_contado_bcv: plan.deContadoBcv,
        de_contado: plan.deContado,
        financiado: plan.financiado,
        cuota_4: plan.cuota4,
      },
      modalidad: 'Financiado',
      metodo: 'USD',
      cuotas: 4,
      pagoInicial: toCents(1000),
    });
    // cuota_4 = 4,032.00; discount 20 % of the initial; balance 4,032 − 200 − 1,000 = 2,832 in 3 instalments.
    expect(expected).toMatchObject({
      precioFinanciado: 403200,
      descuento: 20000,
      saldo: 283200,
      montoPorCuota: 94400,
    });

    const created = await saved([
      await plotRequest({
        modalidadPago: 'Financiado',
        cuotas: 4,
        pagoInicial: 1000,
        precioFinanciado: 4032,
        descuento: 200,
        montoPorCuotas: 944,
        precioTotal: 3832,
      }),
    ]);

    const { row, lines } = await stored(created.items[0]!.id);
    expect(row).toMatchObject({
      modalidadPago: 'Financiado',
      precioPlan: '4032.00',
      descuento: '200.00',
      precioConDescuento: '3832.00',
      montoTotal: '3832.00',
    });
    expect(lines[0]).toMatchObject({
      pagoInicial: '1000.00',
      cuotas: 4,
      precioFinanciado: '4032.00',
      descuento: '200.00',
      montoPorCuota: '944.00',
      precioTotal: '3832.00',
    });
  });

  it('gives no discount to a VES initial payment, and puts the whole balance in a single cuota', async () => {
    const ves = await saved([
      await plotRequest({ modalidadPago: 'Financiado', metodoPago: 'VES', cuotas: 3, pagoInicial: 500 }),
    ]);
    // cuota_3 = 3,888.00; balance 3,388 in 2 instalments.
    expect((await stored(ves.items[0]!.id)).lines[0]).toMatchObject({
      precioFinanciado: '3888.00',
      descuento: '0.00',
      montoPorCuota: '1694.00',
    });

    const single = await saved([
      request('cremacion', { plan_id: planId(CREMACION), modalidadPago: 'Financiado', cuotas: 1 }),
    ]);
    expect((await stored(single.items[0]!.id)).lines[0]).toMatchObject({
      precioFinanciado: '1080.00',
      montoPorCuota: '1080.00',
    });
  });

  it.each([
    ['a lower total', { precioTotal: 100 }],
    ['no discount on cash USD', { descuento: 0 }],
    ['a wrong price with discount', { precioConDescuento: 2000 }],
    [
      'a wrong instalment',
      { modalidadPago: 'Financiado', cuotas: 4, pagoInicial: 1000, montoPorCuotas: 900 },
    ],
    ['a wrong financed total', { modalidadPago: 'Financiado', cuotas: 4, precioFinanciado: 3600 }],
  ])('refuses a request whose sent amounts disagree (%s) with 400, saving nothing', async (_, amounts) => {
    const body = await plotRequest(amounts);
    const before = await state();
    const response = await post([body]);
    expect(response.statusCode).toBe(400);
    expect(detailOf(response)).toBe(REQUEST_MESSAGES.montosNoCoinciden);
    expect(detailOf(response)).toMatch(/^Los montos de la solicitud no coinciden /);
    expect(await state()).toEqual(before);
  });
});

describe('state and validity of a new request (SPEC §4)', () => {
  it('is a pendiente solicitud that expires 3 days after its creation', async () => {
    const started = Date.now();
    const created = await saved([request('cremacion', { plan_id: planId(CREMACION) })]);
    const { row } = await stored(created.items[0]!.id);
    expect(row.estado).toBe('solicitud');
    expect(row.estadoPago).toBe('pendiente');
    expect(row.fechaCreacion.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row.fechaCreacion.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(row.fechaVencimiento.getTime() - row.fechaCreacion.getTime()).toBe(259_200_000);
    expect(created.items[0]!.fecha_vencimiento).toBe(row.fechaVencimiento.toISOString());
  });
});

describe('an array of requests is saved all or nothing', () => {
  it('saves both requests of a good array, one audit row each, with consecutive numbers', async () => {
    const since = await lastAuditId(t.db);
    const created = await saved([
      request('cremacion', { plan_id: planId(CREMACION) }),
      request('cremacion', { plan_id: planId('Cremación con Ceremonia') }),
    ]);
    const [first, second] = created.items.map((item) => Number(item.numero_solicitud.slice(3)));
    expect(second).toBe(first! + 1);
    const audits = await auditSince(t.db, since);
    expect(audits.map((row) => row.accion)).toEqual(['crear_solicitud', 'crear_solicitud']);
    expect(audits[0]!.descripcion).toContain(created.items[0]!.numero_solicitud);
    expect(audits[1]!.descripcion).toContain(created.items[1]!.numero_solicitud);
  });

  it('saves a batch of several services, one request each, a request holding several lines (issue 15)', async () => {
    const funeral = 'Plan Funerario Integral';
    const created = await saved([
      {
        ...request('cremacion', { plan_id: planId(CREMACION) }),
        descripcion: `${CREMACION}, Cremación con Ceremonia`,
        detalles: [
          { plan_id: planId(CREMACION), metodoPago: 'USD', modalidadPago: 'De Contado' },
          { plan_id: planId('Cremación con Ceremonia'), metodoPago: 'USD', modalidadPago: 'De Contado' },
        ],
      },
      request('plan-funerario', { plan_id: planId(funeral) }),
    ]);
    expect(created.items.map((item) => item.tipo_servicio)).toEqual(['cremacion', 'plan-funerario']);
    expect(created.items[0]!.numero_solicitud).toMatch(/^CRE\d{6}$/);
    expect(created.items[1]!.numero_solicitud).toMatch(/^PSF\d{6}$/);
    const cremation = await stored(created.items[0]!.id);
    expect(cremation.lines.map((line) => line.planId)).toEqual([
      planId(CREMACION),
      planId('Cremación con Ceremonia'),
    ]);
    const cash = (descripcion: string) => toCents(plans[descripcion]!.deContado!) * 0.8;
    expect(toCents(created.items[0]!.monto_total)).toBe(cash(CREMACION) + cash('Cremación con Ceremonia'));
    expect(toCents(created.items[1]!.monto_total)).toBe(cash(funeral));
  });

  it.each([
    ['an unknown plan', () => request('cremacion', { plan_id: 999_999 }), 400],
    [
      'a plot without free seats',
      async () => {
        const full = await insertParcela(t.db, { disponible: 0, reservadas: 3 });
        return request('parcelas', { plan_id: planId(JARDIN), codigo: full.codigo });
      },
      409,
    ],
  ])(
    'saves nothing and gives the first request’s seat back when the second has %s',
    async (_, second, status) => {
      const first = await plotRequest();
      const code = (first.detalles as Line[])[0]!.codigo as string;
      const body = [first, await second()];
      const before = await state();

      const response = await post(body);

      expect(response.statusCode).toBe(status);
      const [plot] = await t.db.select().from(parcelas).where(eq(parcelas.codigo, code));
      expect(plot).toMatchObject({ disponible: 3, reservadas: 0 });
      expect(await t.db.select().from(reservas).where(eq(reservas.parcelaId, plot!.id))).toEqual([]);
      expect(await state()).toEqual(before);
    },
  );
});

describe('bad input gets a Spanish message and changes nothing', () => {
  type Case = [string, () => Promise<unknown> | unknown, number, string];
  const cremacion = (line: Line) => request('cremacion', { plan_id: planId(CREMACION), ...line });
  const financed = (line: Line) => cremacion({ modalidadPago: 'Financiado', ...line });
  const niche = async (estado: 'ocupado' | 'reservado' | 'disponible', cantidad = 1) => {
    const row = await insertNicho(t.db, estado === 'ocupado' ? 'disponible' : estado);
    await t.db
      .update(nichosColumbario)
      .set({ estado, cantidadNichos: cantidad })
      .where(eq(nichosColumbario.id, row.id));
    return request('nichos-columbarios', { plan_id: planId(NICHO), codigo: row.codigo });
  };
  const cases: Case[] = [
    ['7 cuotas', () => financed({ cuotas: 7 }), 422, 'Las cuotas deben estar entre 1 y 6.'],
    ['no cuotas on a financed request', () => financed({}), 400, PRICING_MESSAGES.cuotasInvalidas],
    [
      'a negative initial payment',
      () => financed({ cuotas: 2, pagoInicial: -100 }),
      422,
      'El pago inicial no puede ser negativo.',
    ],
    [
      'an initial payment over the financed total',
      () => financed({ cuotas: 2, pagoInicial: 1123.21 }),
      400,
      'El monto inicial no puede exceder el precio total financiado.',
    ],
    [
      'an unknown plan',
      () => request('cremacion', { plan_id: 999_999 }),
      400,
      REQUEST_MESSAGES.planNoDisponible,
    ],
    ['no plan', () => request('cremacion', {}), 422, REQUEST_MESSAGES.planYModalidad],
    [
      'a plan of another service',
      () => request('parcelas', { plan_id: planId(CREMACION), codigo: 'A01-01-01' }),
      400,
      REQUEST_MESSAGES.planNoDisponible,
    ],
    [
      'no modalidad',
      () => ({ ...cremacion({}), modalidadPago: undefined }),
      422,
      REQUEST_MESSAGES.planYModalidad,
    ],
    [
      // Conversion reads the request's modality: a financed line under a cash request would get no instalments.
      'a financed line in a cash request',
      () => ({ ...financed({ cuotas: 4 }), modalidadPago: 'De Contado' }),
      400,
      REQUEST_MESSAGES.modalidadDistinta,
    ],
    [
      'a payment method other than USD or VES',
      () => cremacion({ metodoPago: 'EUR' }),
      422,
      'Método de pago no válido.',
    ],
    [
      'an unknown service',
      () => request('jardineria', { plan_id: planId(CREMACION) }),
      400,
      'Tipo de servicio no válido.',
    ],
    [
      'no client',
      () => ({ ...cremacion({}), cliente_id: undefined }),
      422,
      REQUEST_MESSAGES.clienteRequerido,
    ],
    ['an unknown client', () => ({ ...cremacion({}), cliente_id: 999_999 }), 404, 'Cliente no encontrado.'],
    ['no lines', () => ({ ...cremacion({}), detalles: [] }), 422, REQUEST_MESSAGES.sinDetalles],
    [
      'no plot code',
      () => request('parcelas', { plan_id: planId(JARDIN) }),
      400,
      REQUEST_MESSAGES.codigoRequerido,
    ],
    [
      'a malformed plot code',
      () => request('parcelas', { plan_id: planId(JARDIN), codigo: 'XYZ' }),
      400,
      PLOT_CODE_ERROR,
    ],
    [
      'an unknown plot code',
      () => request('parcelas', { plan_id: planId(JARDIN), codigo: 'Z99-99-99' }),
      404,
      'No se encontró la parcela con código Z99-99-99.',
    ],
    [
      'an occupied niche',
      () => niche('ocupado'),
      409,
      'El nicho seleccionado está ocupado. Por favor, elija otro.',
    ],
    [
      'a niche without niches left',
      () => niche('disponible', 0),
      409,
      REQUEST_MESSAGES.nichoSinDisponibilidad,
    ],
    [
      'an unknown niche',
      () => request('nichos-columbarios', { plan_id: planId(NICHO), codigo: 'NO-EXISTE' }),
      404,
      REQUEST_MESSAGES.nichoNoEncontrado,
    ],
  ];

  it.each(cases)('refuses %s', async (_, build, status, message) => {
    const body = await build();
    const before = await state();
    const response = await post([body]);
    expect(response.statusCode).toBe(status);
    expect(detailOf(response)).toContain(message);
    expect(await state()).toEqual(before);
  });

  it('refuses a niche reserved by another request with 409 naming it reserved', async () => {
    const body = await niche('reservado');
    const before = await state();
    const response = await post([body]);
    expect(response.statusCode).toBe(409);
    expect(detailOf(response)).toContain('está reservado');
    expect(await state()).toEqual(before);
  });

  it('reserves a free niche: the niche becomes reservado and the line records it', async () => {
    const created = await saved([await niche('disponible')]);
    const { lines } = await stored(created.items[0]!.id);
    expect(lines[0]!.detallesAdicionales).toMatchObject({ estado: 'reservado' });
    const [row] = await t.db
      .select()
      .from(nichosColumbario)
      .where(eq(nichosColumbario.id, lines[0]!.nichoId!));
    expect(row!.estado).toBe('reservado');
    expect(await t.db.select().from(reservas).where(eq(reservas.nichoId, row!.id))).toHaveLength(1);
  });

  it('refuses an inactive plan, and sells it again once reactivated', async () => {
    const id = planId('Cremación con Ceremonia');
    const setActive = (activo: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/planes/${id}/estado`,
        headers: bearer(admin),
        payload: { activo },
      });
    expect((await setActive(false)).statusCode).toBe(200);
    try {
      const before = await state();
      const response = await post([request('cremacion', { plan_id: id })]);
      expect(response.statusCode).toBe(400);
      expect(detailOf(response)).toBe(REQUEST_MESSAGES.planNoDisponible);
      expect(await state()).toEqual(before);
    } finally {
      expect((await setActive(true)).statusCode).toBe(200);
    }
    expect((await post([request('cremacion', { plan_id: id })])).statusCode).toBe(200);
  });
});

describe('a columbarium niche is priced from its own plan (issue 10, defect 3)', () => {
  const DUPLEX = 'Nicho de Columbario Dúplex (2 urnas)';
  const nicheOf = async (plan: string | null) => (await insertNicho(t.db, 'disponible', plan)).codigo;
  const nicheRequest = (codigo: string, line: Line) => request('nichos-columbarios', { codigo, ...line });

  it('sells a 2-urn niche under its 2-urn plan: cash USD 1,700 less 20 % = 1,360', async () => {
    const codigo = await nicheOf(DUPLEX);
    const created = await saved([nicheRequest(codigo, { plan_id: planId(DUPLEX) })]);
    const { row, lines } = await stored(created.items[0]!.id);
    expect(row.montoTotal).toBe('1360.00');
    expect(lines[0]).toMatchObject({ planId: planId(DUPLEX), precioPlan: '1700.00', precioTotal: '1360.00' });
  });

  it('matches the niche’s plan text without regard to case, also when the line names its plan by description', async () => {
    const codigo = await nicheOf('  nicho de columbario DÚPLEX (2 urnas) ');
    const created = await saved([nicheRequest(codigo, { descripcion: DUPLEX })]);
    expect((await stored(created.items[0]!.id)).row.montoTotal).toBe('1360.00');
  });

  it.each([
    ['by plan_id', () => ({ plan_id: planId(NICHO) })],
    ['by description', () => ({ descripcion: NICHO })],
  ])('refuses a 2-urn niche sold under the single-urn plan named %s, changing nothing', async (_, named) => {
    const codigo = await nicheOf(DUPLEX);
    const before = await state();
    const response = await post([nicheRequest(codigo, named())]);
    expect(response.statusCode).toBe(400);
    expect(detailOf(response)).toBe(REQUEST_MESSAGES.nichoPlanDistinto(DUPLEX));
    expect(await state()).toEqual(before);
  });

  it.each([
    ['names no plan', null],
    ['names a plan that does not exist', 'Nicho Triple (3 urnas)'],
    ['names a plan of another service', CREMACION],
  ])('refuses a niche whose plan text %s, changing nothing', async (_, plan) => {
    const codigo = await nicheOf(plan);
    const before = await state();
    const response = await post([nicheRequest(codigo, { plan_id: planId(NICHO) })]);
    expect(response.statusCode).toBe(400);
    expect(detailOf(response)).toBe(REQUEST_MESSAGES.nichoPlanNoDisponible);
    expect(await state()).toEqual(before);
  });

  it('refuses a niche whose plan is not on sale (inactive)', async () => {
    const codigo = await nicheOf(DUPLEX);
    const setActive = (activo: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/planes/${planId(DUPLEX)}/estado`,
        headers: bearer(admin),
        payload: { activo },
      });
    expect((await setActive(false)).statusCode).toBe(200);
    try {
      const before = await state();
      const response = await post([nicheRequest(codigo, { plan_id: planId(DUPLEX) })]);
      expect(response.statusCode).toBe(400);
      expect(detailOf(response)).toBe(REQUEST_MESSAGES.nichoPlanNoDisponible);
      expect(await state()).toEqual(before);
    } finally {
      expect((await setActive(true)).statusCode).toBe(200);
    }
  });
});

describe('who may register a request (SPEC §6)', () => {
  it('refuses a seller using another seller’s client with 403, saving nothing', async () => {
    const body = [await plotRequest()];
    const before = await state();
    const response = await post(body, otroVendedor.token);
    expect(response.statusCode).toBe(403);
    expect(detailOf(response)).toBe(CLIENT_MESSAGES.deOtroVendedor);
    expect(await state()).toEqual(before);
  });

  it('lets the supervisor and an administrador register for the seller’s client, the request staying the seller’s', async () => {
    for (const token of [supervisor.token, admin]) {
      const created = await saved([request('cremacion', { plan_id: planId(CREMACION) })], token);
      const { row } = await stored(created.items[0]!.id);
      expect(row).toMatchObject({ vendedorId: vendedor.id, supervisorId: supervisor.id });
    }
    const mine = await saved(
      [request('cremacion', { plan_id: planId(CREMACION) }, { cliente_id: otroClienteId })],
      otroVendedor.token,
    );
    expect((await stored(mine.items[0]!.id)).row).toMatchObject({
      vendedorId: otroVendedor.id,
      supervisorId: null,
    });
  });

  it('refuses the roles asistente and cliente (403) and a call without token (401)', async () => {
    const before = await state();
    const body = [request('cremacion', { plan_id: planId(CREMACION) })];
    for (const user of [asistente, clienteRol]) {
      const response = await post(body, user.token);
      expect(response.statusCode).toBe(403);
      expect(detailOf(response)).toBe(MSG.sinPermiso);
    }
    const anonymous = await post(body, '');
    expect(anonymous.statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('writes one audit row per saved request, naming its number, service and client', async () => {
    const since = await lastAuditId(t.db);
    const created = await saved([request('cremacion', { plan_id: planId(CREMACION) })]);
    const audits = await auditSince(t.db, since);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      accion: 'crear_solicitud',
      username: vendedor.username,
      rol: 'vendedor',
      entidad: 'solicitud',
      entidadId: String(created.items[0]!.id),
    });
    expect(audits[0]!.descripcion).toContain(created.items[0]!.numero_solicitud);
    expect(audits[0]!.descripcion).toContain('cremacion');
  });
});
