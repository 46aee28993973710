import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNERAL_CHAPELS, MSG, type FuneralPlan, type Plan, type Rol } from '@camposanto/domain';
import { planesFunerarios } from '../src/db/schema';
import { seedCatalogue } from '../src/seed/catalogue';
import { ADMIN, adminToken, bearer, usersOfEveryRole, type TestUser } from './helpers/auth';
import { auditSince, countAudit, lastAuditId } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Catalogue (DESIGN §4.10): the seeded plans, their admin editing (SPEC §2 screens 10 and 13, §7 Admin) and
// the lists the sales forms read (SPEC §5, §7 Sales; DESIGN §4.1 active plans are the selectable ones).

const SERVICES = [
  'parcelas',
  'cremacion',
  'honra-exequias',
  'inhumacion',
  'nichos-ataud',
  'nichos-columbarios',
  'plan-funerario',
  'previsivo',
];

let t: TestApp;
let admin: string;
let users: Record<Rol, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue({ db: t.db });
  admin = await adminToken(t.app);
  users = await usersOfEveryRole(t.app, admin);
});
afterAll(() => t.close());

const call = (token: string | undefined, options: InjectOptions) =>
  t.app.inject({ ...options, headers: token ? bearer(token) : {} });
const adminPlans = async () =>
  (await call(admin, { method: 'GET', url: '/api/v1/admin/planes' })).json<Plan[]>();
const adminFuneralPlans = async () =>
  (await call(admin, { method: 'GET', url: '/api/v1/admin/planes/funerarios' })).json<FuneralPlan[]>();
const putPlan = (id: number | string, payload: unknown, token = admin) =>
  call(token, { method: 'PUT', url: `/api/v1/admin/planes/${id}`, payload: payload as object });
const putFuneral = (id: number | string, payload: unknown, token = admin) =>
  call(token, { method: 'PUT', url: `/api/v1/admin/planes/funerarios/${id}`, payload: payload as object });
const setActive = (id: number | string, payload: unknown, token = admin) =>
  call(token, { method: 'PATCH', url: `/api/v1/admin/planes/${id}/estado`, payload: payload as object });
const offered = async (tipo: string, token = users.vendedor.token) =>
  call(token, { method: 'GET', url: `/api/planes/solicitudes?tipo_servicio=${encodeURIComponent(tipo)}` });
const previsivos = async () =>
  (await call(users.vendedor.token, { method: 'GET', url: '/api/planes?tipo_servicio=previsivo' })).json<
    Plan[]
  >();
const offeredFuneral = async () =>
  (await call(users.vendedor.token, { method: 'GET', url: '/api/planes/funerarios' })).json<FuneralPlan[]>();
const monto = (query: string) =>
  call(users.vendedor.token, { method: 'GET', url: `/api/previsivos/calcular_monto?${query}` });

async function planNamed(descripcion: string): Promise<Plan> {
  const plan = (await adminPlans()).find((row) => row.descripcion === descripcion);
  if (!plan) throw new Error(`no seeded plan ${descripcion}`);
  return plan;
}

/** The validation messages of a 422 body. */
const messages = (body: { detail: { msg: string }[] }) => body.detail.map((issue) => issue.msg);

describe('seeded catalogue', () => {
  it('has active plans with full price tables for every service the forms sell', async () => {
    const plans = await adminPlans();
    expect([...new Set(plans.map((plan) => plan.tipo_servicio))].sort()).toEqual([...SERVICES].sort());
    for (const plan of plans) {
      expect(plan.is_active).toBe(true);
      for (const price of [plan.de_contado, plan.de_contado_bcv, plan.financiado, plan.cuota_1, plan.cuota_6])
        expect(price).toBeGreaterThan(0);
    }
  });

  it('has funeral plans for the two chapel types, each with a wake price', async () => {
    const funeral = await adminFuneralPlans();
    expect([...new Set(funeral.map((plan) => plan.tipo_capilla))].sort()).toEqual(
      [...FUNERAL_CHAPELS].sort(),
    );
    for (const plan of funeral) {
      expect(plan.tipo_servicio).toBe('servicio-funerario');
      expect(plan.precio_velacion).toBeGreaterThan(0);
    }
  });

  it('has a pre-need rate for every relationship code 1–8 in every previsivo plan', async () => {
    for (const plan of await previsivos()) {
      for (let parentesco = 1; parentesco <= 8; parentesco += 1) {
        const response = await monto(`plan=${plan.id}&parentesco=${parentesco}&edad=40`);
        expect(response.statusCode).toBe(200);
        expect(response.json<{ monto: number }>().monto).toBeGreaterThan(0);
      }
    }
  });

  it('is loaded once: seeding again changes nothing', async () => {
    const before = await adminPlans();
    expect(await seedCatalogue({ db: t.db })).toBe(false);
    expect(await adminPlans()).toEqual(before);
  });
});

describe('PUT /api/v1/admin/planes/{id}', () => {
  it('changes the one field sent, keeps the others, and audits before → after', async () => {
    const before = await planNamed('Cremación Básica');
    const since = await lastAuditId(t.db);
    const response = await putPlan(before.id, { de_contado: 1234.5 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, de_contado: 1234.5 });
    expect(await planNamed('Cremación Básica')).toEqual({ ...before, de_contado: 1234.5 });
    expect(await auditSince(t.db, since)).toEqual([
      expect.objectContaining({
        username: ADMIN.username,
        rol: 'administrador',
        accion: 'actualizar_plan',
        descripcion: 'Plan Cremación Básica (cremacion) actualizado: de_contado: 900 → 1234.5',
      }),
    ]);
  });

  it.each([
    ['a numeric string', '750.5', 750.5],
    ['a decimal comma', '750,25', 750.25],
    ['more than two decimals, rounded to cents', 99.999, 100],
    ['zero', 0, 0],
    ["'' as null", '', null],
    ['null', null, null],
  ])('accepts %s', async (_case, value, expected) => {
    const { id } = await planNamed('Cremación con Ceremonia');
    const response = await putPlan(id, { cuota_3: value });
    expect(response.statusCode).toBe(200);
    expect(response.json<Plan>().cuota_3).toBe(expected);
    expect((await planNamed('Cremación con Ceremonia')).cuota_3).toBe(expected);
  });

  it("audits a price emptied to null as '—'", async () => {
    const before = await planNamed('Honra de Exequias Sencilla');
    const since = await lastAuditId(t.db);
    expect((await putPlan(before.id, { cuota_6: '' })).statusCode).toBe(200);
    const [row] = await auditSince(t.db, since);
    expect(row?.descripcion).toBe(
      `Plan Honra de Exequias Sencilla (honra-exequias) actualizado: cuota_6: ${before.cuota_6} → —`,
    );
  });

  it('changes a text field and the seats', async () => {
    const { id } = await planNamed('Nicho de Ataúd Dúplex');
    expect((await putPlan(id, { descripcion: 'Nicho de Ataúd Doble' })).json<Plan>().descripcion).toBe(
      'Nicho de Ataúd Doble',
    );
    expect((await putPlan(id, { puestos: '3' })).json<Plan>().puestos).toBe(3);
    expect((await putPlan(id, { descripcion: 'Nicho de Ataúd Dúplex', puestos: 2 })).statusCode).toBe(200);
  });

  it.each([
    ['a negative price', { de_contado: -1 }, 'El precio no puede ser negativo.'],
    ['a negative price as text', { financiado: '-10' }, 'El precio no puede ser negativo.'],
    ['text in a price', { de_contado: 'abc' }, MSG.numeroInvalido],
    ['an empty body', {}, 'Indique el campo a modificar.'],
    ['only unknown fields', { precio: 10 }, 'Indique el campo a modificar.'],
    ['an empty description', { descripcion: '  ' }, MSG.campoRequerido],
    ['seats with decimals', { puestos: 1.5 }, 'Debe ser un número entero.'],
    ['seats beyond any plan', { puestos: 3_000_000_000 }, 'No puede ser mayor que 10000.'],
    ['a price beyond numeric(14,2)', { de_contado: 1e12 }, 'El precio es demasiado grande.'],
  ])('refuses %s with 422 and changes nothing', async (_case, payload, message) => {
    const before = await planNamed('Cremación Básica');
    const audits = await countAudit(t.db);
    const response = await putPlan(before.id, payload);
    expect(response.statusCode).toBe(422);
    expect(messages(response.json())).toContain(message);
    expect(await planNamed('Cremación Básica')).toEqual(before);
    expect(await countAudit(t.db)).toBe(audits);
  });

  it('names the refused field in the 422', async () => {
    const { id } = await planNamed('Cremación Básica');
    const response = await putPlan(id, { cuota_2: -5 });
    expect(response.json()).toEqual({
      detail: [
        expect.objectContaining({ loc: ['body', 'cuota_2'], msg: 'El precio no puede ser negativo.' }),
      ],
    });
  });

  it('answers 404 for an unknown plan', async () => {
    const response = await putPlan(999999, { de_contado: 10 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Plan no encontrado.' });
  });

  it('answers 422, not 500, to an id beyond the database integer', async () => {
    expect((await putPlan(99_999_999_999, { de_contado: 10 })).statusCode).toBe(422);
    expect((await setActive(99_999_999_999, { activo: true })).statusCode).toBe(422);
    expect((await putFuneral(99_999_999_999, { puestos: 1 })).statusCode).toBe(422);
  });
});

describe('PATCH /api/v1/admin/planes/{id}/estado', () => {
  it('deactivates and reactivates a plan, auditing each change', async () => {
    const plan = await planNamed('Inhumación en Parcela');
    const since = await lastAuditId(t.db);
    const off = await setActive(plan.id, { activo: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...plan, is_active: false });
    expect((await planNamed('Inhumación en Parcela')).is_active).toBe(false);
    expect((await setActive(plan.id, { activo: true })).json<Plan>().is_active).toBe(true);
    expect(
      (await auditSince(t.db, since)).map(({ accion, descripcion }) => ({ accion, descripcion })),
    ).toEqual([
      { accion: 'desactivar_plan', descripcion: 'Plan Inhumación en Parcela (inhumacion) desactivado' },
      { accion: 'activar_plan', descripcion: 'Plan Inhumación en Parcela (inhumacion) activado' },
    ]);
  });

  it.each([
    ['no activo', {}],
    ['a text activo', { activo: 'no' }],
    ['a numeric activo', { activo: 0 }],
  ])('refuses %s with 422', async (_case, payload) => {
    const plan = await planNamed('Inhumación en Parcela');
    const response = await setActive(plan.id, payload);
    expect(response.statusCode).toBe(422);
    expect(await planNamed('Inhumación en Parcela')).toEqual(plan);
  });

  it('answers 404 for an unknown plan', async () => {
    const response = await setActive(999999, { activo: false });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Plan no encontrado.' });
  });
});

describe('funeral plans (admin)', () => {
  it('changes one field of a funeral plan and audits before → after', async () => {
    const [before] = await adminFuneralPlans();
    const since = await lastAuditId(t.db);
    const response = await putFuneral(before!.id, { precio_traslado: '150' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, precio_traslado: 150 });
    expect((await adminFuneralPlans()).find((plan) => plan.id === before!.id)).toEqual({
      ...before,
      precio_traslado: 150,
    });
    expect(await auditSince(t.db, since)).toEqual([
      expect.objectContaining({
        accion: 'actualizar_plan_funerario',
        descripcion: `Plan funerario ${before!.tipo_capilla} ${before!.tiempo_velacion} actualizado: precio_traslado: 120 → 150`,
      }),
    ]);
  });

  it.each([
    ['a negative price', { precio_velacion: -1 }, 'El precio no puede ser negativo.'],
    ['text in a price', { alquiler_ataud_lujo: 'mucho' }, MSG.numeroInvalido],
    ['seats beyond any plan', { puestos: 3_000_000_000 }, 'No puede ser mayor que 10000.'],
    ['an empty body', {}, 'Indique el campo a modificar.'],
  ])('refuses %s with 422 and changes nothing', async (_case, payload, message) => {
    const before = await adminFuneralPlans();
    const audits = await countAudit(t.db);
    const response = await putFuneral(before[0]!.id, payload);
    expect(response.statusCode).toBe(422);
    expect(messages(response.json())).toContain(message);
    expect(await adminFuneralPlans()).toEqual(before);
    expect(await countAudit(t.db)).toBe(audits);
  });

  it('answers 404 for an unknown funeral plan', async () => {
    const response = await putFuneral(999999, { precio_traslado: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Plan no encontrado.' });
  });
});

describe('who may manage plans', () => {
  const routes: [string, (ids: { plan: number; funeral: number }) => InjectOptions][] = [
    ['GET /api/v1/admin/planes', () => ({ method: 'GET', url: '/api/v1/admin/planes' })],
    [
      'PUT /api/v1/admin/planes/{id}',
      ({ plan }) => ({ method: 'PUT', url: `/api/v1/admin/planes/${plan}`, payload: { de_contado: 1 } }),
    ],
    [
      'PATCH /api/v1/admin/planes/{id}/estado',
      ({ plan }) => ({
        method: 'PATCH',
        url: `/api/v1/admin/planes/${plan}/estado`,
        payload: { activo: false },
      }),
    ],
    [
      'GET /api/v1/admin/planes/funerarios',
      () => ({ method: 'GET', url: '/api/v1/admin/planes/funerarios' }),
    ],
    [
      'PUT /api/v1/admin/planes/funerarios/{id}',
      ({ funeral }) => ({
        method: 'PUT',
        url: `/api/v1/admin/planes/funerarios/${funeral}`,
        payload: { puestos: 9 },
      }),
    ],
  ];

  it.each(routes)(
    '%s: supervisor, vendedor and cliente get 403, no token 401, nothing changes',
    async (_name, request) => {
      const plans = await adminPlans();
      const funeral = await adminFuneralPlans();
      const audits = await countAudit(t.db);
      const ids = { plan: plans[0]!.id, funeral: funeral[0]!.id };
      for (const rol of ['supervisor', 'vendedor', 'cliente'] as const) {
        const response = await call(users[rol].token, request(ids));
        expect(response.statusCode, rol).toBe(403);
        expect(response.json()).toEqual({ detail: MSG.sinPermiso });
      }
      expect((await call(undefined, request(ids))).statusCode).toBe(401);
      expect(await adminPlans()).toEqual(plans);
      expect(await adminFuneralPlans()).toEqual(funeral);
      expect(await countAudit(t.db)).toBe(audits);
    },
  );

  it('lets an asistente read and change plans, audited under its role', async () => {
    const plan = await planNamed('Plan Funerario Esencial');
    expect(
      (await call(users.asistente.token, { method: 'GET', url: '/api/v1/admin/planes' })).statusCode,
    ).toBe(200);
    const since = await lastAuditId(t.db);
    expect((await putPlan(plan.id, { de_contado: 1550 }, users.asistente.token)).statusCode).toBe(200);
    expect(await auditSince(t.db, since)).toEqual([
      expect.objectContaining({
        username: users.asistente.username,
        rol: 'asistente',
        accion: 'actualizar_plan',
      }),
    ]);
  });
});

describe('GET /api/planes/solicitudes (sales plan lists)', () => {
  // SPEC §7: the values the forms send, and the service each one lists.
  it.each([
    ['cremacion', 'cremacion'],
    ['honra-exequias', 'honra-exequias'],
    ['Inhumacion', 'inhumacion'],
    ['inhumacion', 'inhumacion'],
    ['nicho-ataud', 'nichos-ataud'],
    ['servicio-funerario', 'plan-funerario'],
    ['parcela', 'parcelas'],
    ['nichos-columbarios', 'nichos-columbarios'],
    ['plan-funerario', 'plan-funerario'],
  ])('tipo_servicio=%s lists only the active %s plans', async (tipo, service) => {
    const expected = (await adminPlans()).filter((plan) => plan.tipo_servicio === service);
    const response = await offered(tipo);
    expect(response.statusCode).toBe(200);
    const listed = response.json<Plan[]>();
    expect(listed.map((plan) => plan.id).sort()).toEqual(expected.map((plan) => plan.id).sort());
    expect(listed.length).toBeGreaterThan(0);

    const [hidden] = listed;
    await setActive(hidden!.id, { activo: false });
    try {
      const afterwards = (await offered(tipo)).json<Plan[]>().map((plan) => plan.id);
      expect(afterwards).not.toContain(hidden!.id);
      expect(afterwards).toHaveLength(listed.length - 1);
    } finally {
      await setActive(hidden!.id, { activo: true });
    }
    expect((await offered(tipo)).json<Plan[]>().map((plan) => plan.id)).toContain(hidden!.id);
  });

  it('answers 400 for an unknown service and 422 when none is given', async () => {
    const unknown = await offered('lapidas');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'Tipo de servicio no válido.' });
    expect(
      (await call(users.vendedor.token, { method: 'GET', url: '/api/planes/solicitudes' })).statusCode,
    ).toBe(422);
  });
});

describe('GET /api/planes?tipo_servicio=previsivo', () => {
  it('lists only active plans with a financed price above zero', async () => {
    const [first, second] = await previsivos();
    expect(second).toBeDefined();
    const financiado = second!.financiado;
    try {
      await putPlan(second!.id, { financiado: 0 });
      expect((await previsivos()).map((plan) => plan.id)).toEqual([first!.id]);
      await putPlan(second!.id, { financiado: null });
      expect((await previsivos()).map((plan) => plan.id)).toEqual([first!.id]);
      await putPlan(second!.id, { financiado });
      await setActive(first!.id, { activo: false });
      expect((await previsivos()).map((plan) => plan.id)).toEqual([second!.id]);
    } finally {
      await putPlan(second!.id, { financiado });
      await setActive(first!.id, { activo: true });
    }
    expect(await previsivos()).toHaveLength(2);
  });
});

describe('GET /api/planes/funerarios', () => {
  it('lists only active funeral plans with a wake price above zero', async () => {
    const all = await offeredFuneral();
    expect(all).toHaveLength((await adminFuneralPlans()).length);
    const [free, inactive] = all;
    const precio = free!.precio_velacion;
    try {
      await putFuneral(free!.id, { precio_velacion: 0 });
      await t.db
        .update(planesFunerarios)
        .set({ isActive: false })
        .where(eq(planesFunerarios.id, inactive!.id));
      const ids = (await offeredFuneral()).map((plan) => plan.id);
      expect(ids).not.toContain(free!.id);
      expect(ids).not.toContain(inactive!.id);
      expect(ids).toHaveLength(all.length - 2);
      await putFuneral(free!.id, { precio_velacion: null });
      expect((await offeredFuneral()).map((plan) => plan.id)).not.toContain(free!.id);
    } finally {
      await putFuneral(free!.id, { precio_velacion: precio });
      await t.db
        .update(planesFunerarios)
        .set({ isActive: true })
        .where(eq(planesFunerarios.id, inactive!.id));
    }
    expect(await offeredFuneral()).toHaveLength(all.length);
  });
});

describe('GET /api/previsivos/calcular_monto', () => {
  // Seeded rates: Padre/Madre (1) costs 180 from 18 to 59, × 0.6 under 18, × 1.5 from 60, × 2.2 from 75.
  it.each([
    [1, 0, 108],
    [1, 17, 108],
    [1, 18, 180],
    [1, 59, 180],
    [1, 60, 270],
    [1, 74, 270],
    [1, 75, 396],
    [1, 120, 396],
    [2, 30, 90],
    [8, 80, 352],
  ])('parentesco %i at %i years costs %d', async (parentesco, edad, expected) => {
    const [plan] = await previsivos();
    const response = await monto(`plan=${plan!.id}&parentesco=${parentesco}&edad=${edad}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ monto: expected });
  });

  it.each([
    ['parentesco 9', 'parentesco=9&edad=30', 'Parentesco no válido.'],
    ['parentesco 0', 'parentesco=0&edad=30', 'Parentesco no válido.'],
    ['age 121', 'parentesco=1&edad=121', 'Edad no válida.'],
    ['a negative age', 'parentesco=1&edad=-1', 'Edad no válida.'],
    ['a text age', 'parentesco=1&edad=treinta', MSG.numeroInvalido],
  ])('refuses %s with 422', async (_case, query, message) => {
    const [plan] = await previsivos();
    const response = await monto(`plan=${plan!.id}&${query}`);
    expect(response.statusCode).toBe(422);
    expect(messages(response.json())).toContain(message);
  });

  it('answers 422, not 500, to a plan id beyond the database integer', async () => {
    const response = await monto('plan=99999999999&parentesco=1&edad=30');
    expect(response.statusCode).toBe(422);
    expect(messages(response.json())).toEqual([MSG.numeroInvalido]);
  });

  it('answers 404 for a plan that is not an active previsivo plan', async () => {
    const cremacion = await planNamed('Cremación Básica');
    for (const id of [cremacion.id, 999999]) {
      const response = await monto(`plan=${id}&parentesco=1&edad=30`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Plan previsivo no encontrado.' });
    }
    const [previsivo] = await previsivos();
    await setActive(previsivo!.id, { activo: false });
    try {
      expect((await monto(`plan=${previsivo!.id}&parentesco=1&edad=30`)).statusCode).toBe(404);
    } finally {
      await setActive(previsivo!.id, { activo: true });
    }
  });
});

describe('who may read the sales plan lists', () => {
  it.each([
    '/api/planes/solicitudes?tipo_servicio=cremacion',
    '/api/planes?tipo_servicio=previsivo',
    '/api/planes/funerarios',
    '/api/previsivos/calcular_monto?plan=PLAN&parentesco=1&edad=30',
  ])('%s: seller and supervisor 200, cliente 403, no token 401', async (path) => {
    const [plan] = await previsivos();
    const url = path.replace('PLAN', String(plan!.id));
    for (const rol of ['vendedor', 'supervisor', 'asistente', 'administrador'] as const)
      expect((await call(users[rol].token, { method: 'GET', url })).statusCode, rol).toBe(200);
    expect((await call(users.cliente.token, { method: 'GET', url })).statusCode).toBe(403);
    expect((await call(undefined, { method: 'GET', url })).statusCode).toBe(401);
  });
});
