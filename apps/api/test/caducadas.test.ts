import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, MSG, type Dashboard, type RequestDto } from '@camposanto/domain';
import { cuotas, reservas, solicitudDetalles, solicitudes } from '../src/db/schema';
import { expireOverdueRequests, markOverdueInstalments } from '../src/modules/caducidad/service';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, findSolicitud, lastAuditId } from './helpers/fixtures';
import {
  convert,
  createClientVia,
  expectConverted,
  findNiche,
  findPlot,
  insertNiche,
  insertPlot,
  instalmentsOf,
  postRequest,
  seedPlans,
  type PlanRow,
} from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';
import { lockingInTurn } from './helpers/concurrency';

// DESIGN §4.6 expiry (and §4.5: it gives the reservation back), SPEC §2 admin screen 6, §7
// GET/DELETE /api/v1/admin/solicitudes/caducadas and POST /api/v1/solicitudes/procesar-solicitudes-caducadas,
// DESIGN §4.7 overdue instalments, and the dashboard counts of SPEC §2's welcome cards.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

let t: TestApp;
let admin: string;
let vendedor: TestUser;
let clienteId: number;
let telefono: string | null;
let plan: (descripcion: string) => PlanRow;
let cremacion: PlanRow;

beforeAll(async () => {
  t = await createTestApp();
  plan = await seedPlans(t.db);
  cremacion = plan('Cremación Básica');
  admin = await adminToken(t.app);
  vendedor = await userWithRole(t.app, admin, 'vendedor');
  const client = await createClientVia(t.app, vendedor.token);
  clienteId = client.id;
  telefono = client.telefono;
});
afterAll(() => t.close());

const cashRequest = () => postRequest(t.app, vendedor.token, clienteId, { plan: cremacion });

async function setValidity(ids: number[], fechaVencimiento: Date) {
  await t.db.update(solicitudes).set({ fechaVencimiento }).where(inArray(solicitudes.id, ids));
}

const processExpired = () =>
  t.app.inject({ method: 'POST', url: '/api/v1/solicitudes/procesar-solicitudes-caducadas' });

type ExpiredList = { data: RequestDto[]; total_solicitudes: number; message: string };

async function expiredList(query = '', token = admin): Promise<ExpiredList> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/solicitudes/caducadas${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ExpiredList>();
}

const deleteExpired = (id: number, token = admin) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/solicitudes/caducadas/${id}`,
    headers: bearer(token),
  });

async function dashboard(): Promise<Dashboard> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/vendedores/ventas/dashboard',
    headers: bearer(admin),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Dashboard>();
}

describe('expiry of overdue requests', () => {
  it('lists nothing before any request expires', async () => {
    expect(await expiredList()).toEqual({
      data: [],
      total_solicitudes: 0,
      message: CONTRACT_MESSAGES.sinCaducadas,
    });
  });

  it('expires pending requests past their validity and frees their plot seat and niche; paid, converted and live ones stay', async () => {
    const plot = await insertPlot(t.db, 3);
    const niche = await insertNiche(t.db);
    const onPlot = await postRequest(t.app, vendedor.token, clienteId, {
      plan: plan('Parcela Jardín (3 puestos)'),
      codigo: plot.codigo,
    });
    const onNiche = await postRequest(t.app, vendedor.token, clienteId, {
      plan: plan('Nicho de Columbario Sencillo (1 urna)'),
      codigo: niche.codigo,
    });
    const cash = await cashRequest();
    const paid = await cashRequest();
    const converted = await cashRequest();
    const live = await cashRequest();
    expectConverted(await convert(t.app, admin, converted.id));
    await t.db.update(solicitudes).set({ estadoPago: 'pagado' }).where(eq(solicitudes.id, paid.id));
    expect(await findPlot(t.db, plot.id)).toMatchObject({ disponible: 2, reservadas: 1 });
    expect((await findNiche(t.db, niche.id)).estado).toBe('reservado');
    await setValidity(
      [onPlot.id, onNiche.id, cash.id, paid.id, converted.id],
      new Date(Date.now() - HOUR_MS),
    );
    const since = await lastAuditId(t.db);

    // The login page calls it before anyone signs in: no token.
    const response = await processExpired();

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ procesadas: 3 });
    const state = async (id: number) => (await findSolicitud(t.db, id))!.estado;
    expect(await Promise.all([onPlot, onNiche, cash].map((request) => state(request.id)))).toEqual([
      'caducada',
      'caducada',
      'caducada',
    ]);
    expect(await Promise.all([paid, converted, live].map((request) => state(request.id)))).toEqual([
      'solicitud',
      'contrato',
      'solicitud',
    ]);
    expect(await findPlot(t.db, plot.id)).toMatchObject({ disponible: 3, reservadas: 0, vendidas: 0 });
    expect((await findNiche(t.db, niche.id)).estado).toBe('disponible');
    const held = await t.db
      .select({ estado: reservas.estado })
      .from(reservas)
      .where(inArray(reservas.solicitudId, [onPlot.id, onNiche.id]));
    expect(held.map((row) => row.estado)).toEqual(['liberada', 'liberada']);
    const written = await auditSince(t.db, since);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ username: 'sistema', accion: 'caducar_solicitudes' });
    for (const request of [onPlot, onNiche, cash])
      expect(written[0]!.descripcion).toContain(request.numero_solicitud);

    // The freed seat and niche can be reserved again, and running it again expires nothing more.
    await postRequest(t.app, vendedor.token, clienteId, {
      plan: plan('Nicho de Columbario Sencillo (1 urna)'),
      codigo: niche.codigo,
    });
    expect((await findNiche(t.db, niche.id)).estado).toBe('reservado');
    expect((await processExpired()).json()).toEqual({ procesadas: 0 });
  });

  it('expires a request only once its validity has passed (the service with `now`)', async () => {
    const { id } = await cashRequest();
    const validity = new Date(Date.now() - DAY_MS);
    await setValidity([id], validity);

    expect(await expireOverdueRequests({ db: t.db, now: validity })).toBe(0);
    expect((await findSolicitud(t.db, id))!.estado).toBe('solicitud');
    expect(await expireOverdueRequests({ db: t.db, now: new Date(validity.getTime() + 1) })).toBe(1);
    expect((await findSolicitud(t.db, id))!.estado).toBe('caducada');
  });

  it('with a `now` four days ahead expires every 3-day request still pending, but not a one-year one', async () => {
    const threeDays = await cashRequest();
    const oneYear = await cashRequest();
    await setValidity([oneYear.id], new Date(Date.now() + 365 * DAY_MS));
    const pending = await t.db
      .select({ id: solicitudes.id })
      .from(solicitudes)
      .where(eq(solicitudes.estado, 'solicitud'));

    const expired = await expireOverdueRequests({ db: t.db, now: new Date(Date.now() + 4 * DAY_MS) });

    // Every pending request but the paid one of the first test and the one-year one.
    expect(expired).toBe(pending.length - 2);
    expect((await findSolicitud(t.db, threeDays.id))!.estado).toBe('caducada');
    expect((await findSolicitud(t.db, oneYear.id))!.estado).toBe('solicitud');

    const refused = await convert(t.app, admin, threeDays.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: CONTRACT_MESSAGES.caducada });
    expect((await findSolicitud(t.db, threeDays.id))!.estado).toBe('caducada');
  });
});

describe('GET /api/v1/admin/solicitudes/caducadas', () => {
  it('lists the expired requests with client, phone, validity and lines, newest validity first, by skip and limit', async () => {
    const expired = await t.db
      .select({ id: solicitudes.id })
      .from(solicitudes)
      .where(eq(solicitudes.estado, 'caducada'));
    const all = await expiredList('?skip=0&limit=100');

    expect(all.total_solicitudes).toBe(expired.length);
    expect(all.message).toBe(CONTRACT_MESSAGES.caducadasListadas);
    expect(all.data.map((request) => request.id).sort()).toEqual(expired.map((row) => row.id).sort());
    const validities = all.data.map((request) => request.fecha_vencimiento);
    expect(validities).toEqual([...validities].sort().reverse());
    for (const request of all.data) {
      expect(request).toMatchObject({ estado: 'caducada', numero_contrato: null, cliente: { telefono } });
      expect(request.detalles.length).toBeGreaterThan(0);
    }

    const first = await expiredList('?skip=0&limit=2');
    const second = await expiredList('?skip=2&limit=2');
    const past = await expiredList(`?skip=${expired.length}&limit=2`);
    expect(first.data.map((request) => request.id)).toEqual(
      all.data.slice(0, 2).map((request) => request.id),
    );
    expect(second.data.map((request) => request.id)).toEqual(
      all.data.slice(2, 4).map((request) => request.id),
    );
    expect(past.data).toEqual([]);
    expect(past.total_solicitudes).toBe(expired.length);
  });

  it('answers 403 to sales roles', async () => {
    const supervisor = await userWithRole(t.app, admin, 'supervisor');
    for (const token of [vendedor.token, supervisor.token]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/solicitudes/caducadas',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MSG.sinPermiso });
    }
  });
});

describe('DELETE /api/v1/admin/solicitudes/caducadas/{id}', () => {
  it('deletes an expired request with its lines and reservations, audited', async () => {
    const plot = await insertPlot(t.db, 1);
    const { id, numero_solicitud } = await postRequest(t.app, vendedor.token, clienteId, {
      plan: plan('Parcela Jardín (3 puestos)'),
      codigo: plot.codigo,
    });
    await setValidity([id], new Date(Date.now() - HOUR_MS));
    await processExpired();
    const before = (await expiredList()).total_solicitudes;
    const since = await lastAuditId(t.db);

    const response = await deleteExpired(id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mensaje: CONTRACT_MESSAGES.caducadaEliminada });
    expect(await findSolicitud(t.db, id)).toBeUndefined();
    expect(await t.db.select().from(solicitudDetalles).where(eq(solicitudDetalles.solicitudId, id))).toEqual(
      [],
    );
    expect(await t.db.select().from(reservas).where(eq(reservas.solicitudId, id))).toEqual([]);
    expect(await findPlot(t.db, plot.id)).toMatchObject({ disponible: 1, reservadas: 0 });
    const written = await auditSince(t.db, since);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      username: 'Admin Principal',
      accion: 'eliminar_solicitud_caducada',
      entidadId: String(id),
    });
    expect(written[0]!.descripcion).toContain(numero_solicitud);
    expect((await expiredList()).total_solicitudes).toBe(before - 1);

    const again = await deleteExpired(id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: CONTRACT_MESSAGES.noEncontrada });
  });

  it('refuses a live request or a contract with 409, and sales roles with 403, changing nothing', async () => {
    const live = await cashRequest();
    const contract = await cashRequest();
    expectConverted(await convert(t.app, admin, contract.id));
    const [expired] = (await expiredList('?limit=1')).data;
    const since = await lastAuditId(t.db);

    for (const id of [live.id, contract.id]) {
      const response = await deleteExpired(id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: CONTRACT_MESSAGES.soloCaducadas });
    }
    const bySeller = await deleteExpired(expired!.id, vendedor.token);
    expect(bySeller.statusCode).toBe(403);

    expect((await findSolicitud(t.db, live.id))!.estado).toBe('solicitud');
    expect((await findSolicitud(t.db, contract.id))!.estado).toBe('contrato');
    expect((await findSolicitud(t.db, expired!.id))!.estado).toBe('caducada');
    expect(await auditSince(t.db, since)).toEqual([]);
  });
});

/** A financed request of Cremación Básica in `cuotas` parts (200.00 initial), converted: the contract's id. */
async function financedContract(cuotas: number) {
  const { id } = await postRequest(t.app, vendedor.token, clienteId, {
    plan: cremacion,
    modalidad: 'Financiado',
    cuotas,
    pagoInicial: 200,
  });
  expectConverted(await convert(t.app, admin, id));
  return id;
}

describe('overdue instalments (DESIGN §4.7)', () => {
  it('marks unpaid instalments past their due date vencido and leaves paid and not yet due ones', async () => {
    const id = await financedContract(6);
    const [first, second, third] = await instalmentsOf(t.db, id);
    await t.db.update(cuotas).set({ estadoPago: 'pagado' }).where(eq(cuotas.id, first!.id));
    // Noon in Caracas on the third instalment's due date: the first two are past due, the third is due today.
    const now = new Date(`${third!.fechaVencimiento}T12:00:00-04:00`);

    expect(await markOverdueInstalments({ db: t.db, now })).toBe(1);

    expect((await instalmentsOf(t.db, id)).map((row) => row.estadoPago)).toEqual([
      'pagado',
      'vencido',
      'pendiente',
      'pendiente',
      'pendiente',
    ]);
    expect(second!.estadoPago).toBe('pendiente');
    expect(await markOverdueInstalments({ db: t.db, now })).toBe(0);
    // 23:30 in Caracas is already the next day in UTC, but the third instalment is still due today.
    const lateEvening = new Date(`${third!.fechaVencimiento}T23:30:00-04:00`);
    expect(await markOverdueInstalments({ db: t.db, now: lateEvening })).toBe(0);
    expect(await markOverdueInstalments({ db: t.db, now: new Date(lateEvening.getTime() + HOUR_MS) })).toBe(
      1,
    );
    expect((await instalmentsOf(t.db, id)).map((row) => row.estadoPago)).toEqual([
      'pagado',
      'vencido',
      'vencido',
      'pendiente',
      'pendiente',
    ]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'on PostgreSQL, overdue instalments while a payment holds one (needs DATABASE_URL)',
  () => {
    it('leaves the instalment held for the next run, and deadlocks with nothing', async () => {
      const id = await financedContract(4);
      const [first, second, third] = await instalmentsOf(t.db, id);
      // Noon in Caracas on the third instalment's due date: the first two are past due.
      const now = new Date(`${third!.fechaVencimiento}T12:00:00-04:00`);
      // A payment holds the second instalment, then prices the first again.
      const marked = await lockingInTurn(
        t.db,
        sql`select 1 from cuotas where id = ${second!.id} for update`,
        () => markOverdueInstalments({ db: t.db, now }),
        sql`update cuotas set monto = monto where id = ${first!.id}`,
      );
      expect(marked).toBe(1);
      const states = async () => (await instalmentsOf(t.db, id)).map((row) => row.estadoPago);
      expect(await states()).toEqual(['vencido', 'pendiente', 'pendiente']);
      expect(await markOverdueInstalments({ db: t.db, now })).toBe(1);
      expect(await states()).toEqual(['vencido', 'vencido', 'pendiente']);
    });
  },
);

describe('dashboard counts (SPEC §2 welcome cards)', () => {
  it('follows a request through creation, conversion, expiry and deletion', async () => {
    const start = await dashboard();

    const { id } = await cashRequest();
    const created = await dashboard();
    expect(created).toMatchObject({
      solicitudes: start.solicitudes + 1,
      contratos: start.contratos,
      solicitudes_caducadas: start.solicitudes_caducadas,
    });

    expectConverted(await convert(t.app, admin, id));
    const converted = await dashboard();
    expect(converted).toMatchObject({
      solicitudes: start.solicitudes + 1,
      contratos: start.contratos + 1,
      solicitudes_caducadas: start.solicitudes_caducadas,
    });
    // 'Solicitudes Creadas' = solicitudes − contratos: unchanged by a conversion.
    expect(converted.solicitudes - converted.contratos).toBe(start.solicitudes - start.contratos);

    const other = await cashRequest();
    await setValidity([other.id], new Date(Date.now() - HOUR_MS));
    await processExpired();
    expect(await dashboard()).toMatchObject({
      solicitudes: start.solicitudes + 1,
      contratos: start.contratos + 1,
      solicitudes_caducadas: start.solicitudes_caducadas + 1,
    });

    expect((await deleteExpired(other.id)).statusCode).toBe(200);
    expect(await dashboard()).toMatchObject({
      solicitudes: start.solicitudes + 1,
      contratos: start.contratos + 1,
      solicitudes_caducadas: start.solicitudes_caducadas,
    });
  });
});

describe('conversion racing expiry', () => {
  it('either converts or expires each request, never both, and keeps the plot counts whole', async () => {
    const plot = await insertPlot(t.db, 3);
    const requests = [];
    for (let seat = 0; seat < 3; seat += 1) {
      requests.push(
        await postRequest(t.app, vendedor.token, clienteId, {
          plan: plan('Parcela Jardín (3 puestos)'),
          codigo: plot.codigo,
        }),
      );
    }

    const [conversions] = await Promise.all([
      Promise.all(requests.map((request) => convert(t.app, admin, request.id))),
      expireOverdueRequests({ db: t.db, now: new Date(Date.now() + 4 * DAY_MS) }),
    ]);

    let sold = 0;
    for (const [index, request] of requests.entries()) {
      const row = await findSolicitud(t.db, request.id);
      const [held] = await t.db.select().from(reservas).where(eq(reservas.solicitudId, request.id));
      if (conversions[index]!.statusCode === 200) {
        sold += 1;
        expect([row!.estado, held!.estado]).toEqual(['contrato', 'vendida']);
      } else {
        expect(conversions[index]!.json()).toEqual({ detail: CONTRACT_MESSAGES.caducada });
        expect([row!.estado, held!.estado]).toEqual(['caducada', 'liberada']);
      }
    }
    console.info(`[caducadas] conversion vs expiry on ${t.driver}: ${sold} converted, ${3 - sold} expired`);
    expect(await findPlot(t.db, plot.id)).toMatchObject({
      disponible: 3 - sold,
      reservadas: 0,
      vendidas: sold,
    });
  });
});
