import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, MSG, REQUEST_MESSAGES, type CreatedRequests } from '@camposanto/domain';
import {
  auditoria,
  correlativos,
  difuntos,
  planes,
  planesFunerarios,
  solicitudDetalles,
  solicitudes,
} from '../src/db/schema';
import { seedCatalogue } from '../src/seed/catalogue';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, insertCliente, lastAuditId } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Funeral service with wake rooms (SPEC §2 SOLICITUD DE SERVICIO FUNERARIO, §3 Funeral request, §7 a
// one-item array posted to /api/v1/solicitudes): the chosen wake's price plus the chosen extras, in cash.

let t: TestApp;
let admin: string;
let vendedor: TestUser;
let otroVendedor: TestUser;
let asistente: TestUser;
let clienteId: number;
type FuneralPlanRow = typeof planesFunerarios.$inferSelect;
let vip24: FuneralPlanRow; // wake 1,260
let crematorio12: FuneralPlanRow; // wake 400

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
  const wakes = await t.db.select().from(planesFunerarios).orderBy(asc(planesFunerarios.id));
  const find = (capilla: string, tiempo: string) =>
    wakes.find((plan) => plan.tipoCapilla === capilla && plan.tiempoVelacion === tiempo)!;
  vip24 = find('Sala VIP en Funeraria', '24 horas');
  crematorio12 = find('Sala Edificio Crematorio', '12 horas');
});
afterAll(() => t.close());

const DIFUNTO = {
  nombre_difunto: 'José Gómez',
  cedula_difunto: 'V-3456789',
  fecha_nac_difunto: '1941-08-02',
  edad_difunto: 84,
  parentesco_difunto: 'Padre',
  fecha_defuncion: '2025-11-20',
  causa_defuncion: 'Causas naturales',
  direccion_defuncion: 'Hospital Vargas, Caracas',
};

type Extras = { traslado: boolean; incluye_preparacion: boolean; incluye_ataud: boolean };
const NO_EXTRAS: Extras = { traslado: false, incluye_preparacion: false, incluye_ataud: false };

/** The request exactly as SPEC §3 shapes it, the wake named by plan_funerario_id on its line. */
function specShaped(plan: FuneralPlanRow, extras: Extras, precioTotal?: number, overrides = {}) {
  const now = Date.now();
  return {
    cliente_id: clienteId,
    vendedor_id: vendedor.id,
    tipo_servicio: 'Servicio Funerario',
    fecha_creacion: new Date(now).toISOString(),
    fecha_vencimiento: new Date(now + 259_200_000).toISOString(),
    monto_total: precioTotal ?? 0,
    detalles: [
      {
        tipo_contrato: 'Nuevo Contrato',
        codigo: 'FUN-00000',
        descripcion: `${plan.tipoCapilla} - ${plan.tiempoVelacion}`,
        modalidadPago: 'De Contado',
        pagoInicial: 0,
        cuotas: 0,
        montoPorCuota: 0,
        ...(precioTotal === undefined ? {} : { precioTotal }),
        plan_funerario_id: plan.id,
        detalles_adicionales: {
          ...extras,
          tiempo_velacion: plan.tiempoVelacion,
          precio_velacion: Number(plan.precioVelacion),
        },
      },
    ],
    difuntos: [DIFUNTO],
    ...overrides,
  };
}

/** The flat shape: the line's fields and options on the request itself. */
const flat = (plan: FuneralPlanRow, extras: Partial<Extras> & { precioTotal?: number }, overrides = {}) => ({
  cliente_id: clienteId,
  tipo_servicio: 'Servicio Funerario',
  plan_funerario_id: plan.id,
  ...extras,
  difuntos: [{ nombre_difunto: 'Carmen Díaz' }],
  ...overrides,
});

const post = (body: unknown, token = vendedor.token, url = '/api/v1/solicitudes') =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: [body] });

async function saved(body: unknown, token = vendedor.token) {
  const response = await post(body, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatedRequests>().items[0]!;
}

async function stored(id: number) {
  const [row] = await t.db.select().from(solicitudes).where(eq(solicitudes.id, id));
  const [line] = await t.db.select().from(solicitudDetalles).where(eq(solicitudDetalles.solicitudId, id));
  const deceased = await t.db
    .select()
    .from(difuntos)
    .where(eq(difuntos.solicitudId, id))
    .orderBy(asc(difuntos.id));
  return { row: row!, line: line!, deceased };
}

async function state() {
  const n = async (table: typeof solicitudes | typeof difuntos | typeof auditoria) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    solicitudes: await n(solicitudes),
    difuntos: await n(difuntos),
    audits: await n(auditoria),
    counters: await t.db.select().from(correlativos),
  };
}

const detailOf = (response: { json: () => unknown }) => {
  const { detail } = response.json() as { detail: string | { msg: string }[] };
  return typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; ');
};

describe('POST /api/v1/solicitudes (funeral service)', () => {
  it('saves the SPEC-shaped request: wake price plus every chosen extra, the deceased, FUN-00001', async () => {
    const since = await lastAuditId(t.db);
    // 1,260 wake + 120 transfer + 150 simple preparation + 200 simple coffin.
    const created = await saved(
      specShaped(vip24, { traslado: true, incluye_preparacion: true, incluye_ataud: true }, 1730),
    );

    expect(created).toMatchObject({
      numero_solicitud: 'FUN-00001',
      tipo_servicio: 'Servicio Funerario',
      monto_total: 1730,
    });
    const { row, line, deceased } = await stored(created.id);
    expect(row).toMatchObject({
      tipoServicio: 'Servicio Funerario',
      modalidadPago: 'De Contado',
      precioPlan: '1730.00',
      descuento: '0.00',
      montoTotal: '1730.00',
      estado: 'solicitud',
      estadoPago: 'pendiente',
      vendedorId: vendedor.id,
    });
    expect(row.fechaVencimiento.getTime() - row.fechaCreacion.getTime()).toBe(259_200_000);
    expect(line).toMatchObject({
      planFunerarioId: vip24.id,
      modalidadPago: 'De Contado',
      cuotas: 0,
      pagoInicial: '0.00',
      precioTotal: '1730.00',
    });
    expect(line.detallesAdicionales).toMatchObject({
      tipo_contrato: 'Nuevo Contrato',
      traslado: true,
      incluye_preparacion: true,
      incluye_ataud: true,
      tiempo_velacion: '24 horas',
      precio_velacion: 1260,
    });
    expect(deceased).toEqual([
      expect.objectContaining({
        nombre: 'José Gómez',
        cedula: 'V-3456789',
        fechaNacimiento: '1941-08-02',
        parentesco: 'Padre',
        fechaDefuncion: '2025-11-20',
        causaDefuncion: 'Causas naturales',
        direccionDefuncion: 'Hospital Vargas, Caracas',
      }),
    ]);
    const audits = await auditSince(t.db, since);
    expect(audits.map((audit) => audit.accion)).toEqual(['crear_solicitud']);
    expect(audits[0]!.descripcion).toContain('FUN-00001');
  });

  it('saves the flat shape with only the chosen extras, numbered next', async () => {
    // 400 wake + 150 preparation.
    const created = await saved(flat(crematorio12, { incluye_preparacion: true, precioTotal: 550 }));
    expect(created).toMatchObject({ numero_solicitud: 'FUN-00002', monto_total: 550 });
    const { line, deceased } = await stored(created.id);
    expect(line.detallesAdicionales).toMatchObject({
      traslado: false,
      incluye_preparacion: true,
      incluye_ataud: false,
    });
    expect(deceased.map((row) => row.nombre)).toEqual(['Carmen Díaz']);
  });

  it.each([
    ['no extra', {}, 400],
    ['the transfer', { traslado: true }, 520],
    ['the coffin', { incluye_ataud: true }, 600],
    ['the transfer and the coffin', { traslado: true, incluye_ataud: true }, 720],
  ])('prices the wake with %s at %i', async (_, extras, expected) => {
    expect((await saved(flat(crematorio12, extras))).monto_total).toBe(expected);
  });

  it('prices by the server, ignoring the wake price and total the form shows', async () => {
    const body = specShaped(crematorio12, {
      traslado: false,
      incluye_preparacion: false,
      incluye_ataud: false,
    });
    body.detalles[0]!.detalles_adicionales.precio_velacion = 1;
    body.monto_total = 1;
    const created = await saved(body);
    expect(created.monto_total).toBe(400);
    expect((await stored(created.id)).line.detallesAdicionales).toMatchObject({ precio_velacion: 400 });
  });

  it('saves every deceased sent, and also answers on the path with a trailing slash', async () => {
    const response = await post(
      flat(
        crematorio12,
        {},
        { difuntos: [{ nombre_difunto: 'Luis Mora' }, { nombre_difunto: 'Rosa Mora', fecha_defuncion: '' }] },
      ),
      vendedor.token,
      '/api/v1/solicitudes/',
    );
    expect(response.statusCode).toBe(200);
    const { deceased } = await stored(response.json<CreatedRequests>().items[0]!.id);
    expect(deceased.map((row) => [row.nombre, row.fechaDefuncion])).toEqual([
      ['Luis Mora', null],
      ['Rosa Mora', null],
    ]);
  });
});

describe('refused funeral requests change nothing', () => {
  it.each([
    [
      'a total that disagrees',
      () => flat(vip24, { traslado: true, precioTotal: 1260 }),
      400,
      REQUEST_MESSAGES.montosNoCoinciden,
    ],
    [
      'an unknown funeral plan',
      () => flat(vip24, {}, { plan_funerario_id: 999_999 }),
      400,
      REQUEST_MESSAGES.planFunerarioNoDisponible,
    ],
    [
      'no funeral plan',
      () => flat(vip24, {}, { plan_funerario_id: undefined }),
      422,
      REQUEST_MESSAGES.planFunerarioNoDisponible,
    ],
    [
      'a deceased without a name',
      () => flat(vip24, {}, { difuntos: [{ nombre_difunto: ' ' }] }),
      422,
      REQUEST_MESSAGES.difuntoIncompleto,
    ],
    [
      'an impossible date of death',
      () => flat(vip24, {}, { difuntos: [{ nombre_difunto: 'Ana', fecha_defuncion: '2025-02-30' }] }),
      422,
      MSG.fechaInvalida,
    ],
    ['no client', () => flat(vip24, {}, { cliente_id: undefined }), 422, REQUEST_MESSAGES.clienteRequerido],
  ])('refuses %s', async (_, build, status, message) => {
    const before = await state();
    const response = await post(build());
    expect(response.statusCode).toBe(status);
    expect(detailOf(response)).toContain(message);
    expect(await state()).toEqual(before);
  });

  it('refuses an array holding more than the funeral request, rather than dropping the rest', async () => {
    const [cremacion] = await t.db.select().from(planes).where(eq(planes.descripcion, 'Cremación Básica'));
    const before = await state();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes',
      headers: bearer(vendedor.token),
      payload: [
        flat(vip24, {}),
        {
          cliente_id: clienteId,
          tipo_servicio: 'cremacion',
          modalidadPago: 'De Contado',
          detalles: [{ plan_id: cremacion!.id }],
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(detailOf(response)).toBe(REQUEST_MESSAGES.funeralSola);
    expect(await state()).toEqual(before);
  });

  it('refuses an inactive funeral plan', async () => {
    await t.db.update(planesFunerarios).set({ isActive: false }).where(eq(planesFunerarios.id, vip24.id));
    try {
      const before = await state();
      const response = await post(flat(vip24, {}));
      expect(response.statusCode).toBe(400);
      expect(detailOf(response)).toBe(REQUEST_MESSAGES.planFunerarioNoDisponible);
      expect(await state()).toEqual(before);
    } finally {
      await t.db.update(planesFunerarios).set({ isActive: true }).where(eq(planesFunerarios.id, vip24.id));
    }
  });

  it('refuses a funeral plan whose wake price an administrador set to zero', async () => {
    const put = (precio_velacion: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/planes/funerarios/${crematorio12.id}`,
        headers: bearer(admin),
        payload: { precio_velacion },
      });
    expect((await put(0)).statusCode).toBe(200);
    try {
      const before = await state();
      const response = await post(flat(crematorio12, { traslado: true }));
      expect(response.statusCode).toBe(400);
      expect(detailOf(response)).toBe(REQUEST_MESSAGES.planFunerarioNoDisponible);
      expect(await state()).toEqual(before);
    } finally {
      expect((await put(400)).statusCode).toBe(200);
    }
  });

  it('refuses another seller’s client (403), the asistente role (403) and a call without token (401)', async () => {
    const before = await state();
    const foreign = await post(flat(vip24, {}), otroVendedor.token);
    expect(foreign.statusCode).toBe(403);
    expect(detailOf(foreign)).toBe(CLIENT_MESSAGES.deOtroVendedor);
    expect((await post(flat(vip24, {}), asistente.token)).statusCode).toBe(403);
    expect((await post(flat(vip24, {}), '')).statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('numbers the next funeral request without a gap after the refusals', async () => {
    const [{ n }] = (await t.db.select({ n: count() }).from(solicitudes)) as [{ n: number }];
    const created = await saved(flat(vip24, {}));
    expect(created.numero_solicitud).toBe(`FUN-${String(n + 1).padStart(5, '0')}`);
  });
});

describe('the SPEC §3 shape without a plan id: the wake named by chapel and wake time (issue 13)', () => {
  /** SPEC §3 sends no plan id: the chapel is in the line's descripcion, the wake time in detalles_adicionales. */
  function withoutPlanId(plan: FuneralPlanRow, extras: Extras, precioTotal?: number, overrides = {}) {
    const body = specShaped(plan, extras, precioTotal, overrides);
    const [line] = body.detalles;
    const { plan_funerario_id: _, ...lineWithoutId } = line!;
    return { ...body, detalles: [lineWithoutId] };
  }

  it('finds the plan by chapel and wake time and prices it as by id', async () => {
    // 400 wake + 120 transfer.
    const created = await saved(withoutPlanId(crematorio12, { ...NO_EXTRAS, traslado: true }, 520));
    expect(created).toMatchObject({ tipo_servicio: 'Servicio Funerario', monto_total: 520 });
    const { line } = await stored(created.id);
    expect(line).toMatchObject({ planFunerarioId: crematorio12.id, precioTotal: '520.00' });
    expect(line.detallesAdicionales).toMatchObject({ tiempo_velacion: '12 horas', traslado: true });
  });

  it('also reads the chapel from tipo_capilla, whatever its case and accents', async () => {
    const body = withoutPlanId(vip24, NO_EXTRAS, 1260);
    const line = { ...body.detalles[0]!, descripcion: 'Servicio de velación' };
    const created = await saved({
      ...body,
      detalles: [
        {
          ...line,
          detalles_adicionales: { ...line.detalles_adicionales, tipo_capilla: 'sala vip EN funeraria' },
        },
      ],
    });
    const { line: storedLine } = await stored(created.id);
    expect(storedLine.planFunerarioId).toBe(vip24.id);
  });

  it.each([
    ['an unknown chapel', { descripcion: 'Sala Inexistente - 24 horas' }],
    ['an unknown wake time', { tiempo_velacion: '36 horas' }],
  ])('refuses %s with the funeral plan message and changes nothing', async (_, change) => {
    const body = withoutPlanId(vip24, NO_EXTRAS, 1260);
    const line = body.detalles[0]!;
    const changed = {
      ...body,
      detalles: [
        {
          ...line,
          ...('descripcion' in change ? { descripcion: change.descripcion } : {}),
          detalles_adicionales: {
            ...line.detalles_adicionales,
            ...('tiempo_velacion' in change ? change : {}),
          },
        },
      ],
    };
    const before = await state();
    const response = await post(changed);
    expect(response.statusCode).toBe(400);
    expect(detailOf(response)).toBe(REQUEST_MESSAGES.planFunerarioNoDisponible);
    expect(await state()).toEqual(before);
  });

  it('refuses the plan of an inactive chapel and wake', async () => {
    await t.db.update(planesFunerarios).set({ isActive: false }).where(eq(planesFunerarios.id, vip24.id));
    try {
      const before = await state();
      const response = await post(withoutPlanId(vip24, NO_EXTRAS, 1260));
      expect(response.statusCode).toBe(400);
      expect(detailOf(response)).toBe(REQUEST_MESSAGES.planFunerarioNoDisponible);
      expect(await state()).toEqual(before);
    } finally {
      await t.db.update(planesFunerarios).set({ isActive: true }).where(eq(planesFunerarios.id, vip24.id));
    }
  });
});
