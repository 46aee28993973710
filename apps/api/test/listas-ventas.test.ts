import { performance } from 'node:perf_hooks';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, MSG, toCents, type Client, type RequestDto } from '@camposanto/domain';
import { clientes, solicitudes } from '../src/db/schema';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { insertContracts } from './helpers/bulk-contracts';
import {
  convert,
  countStatements,
  createClientVia,
  expectConverted,
  postRequests,
  requestBody,
  seedPlans,
  type CreatedRequest,
  type PlanRow,
} from './helpers/sales-fixtures';
import { assignSupervisor } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';
import { keysetBatches } from '../src/lib/json-array-stream';
import { listSellerContracts } from '../src/modules/ventas/queries';
import type { SessionUser } from '../src/lib/actor';

// Server-paged lists (SPEC §2 admin screens 4–5, sales Clientes/Contratos and Vendedores; §7; §9 page sizes
// 5/10/25, 1-based pages, skip/limit), ownership on every list (SPEC §6, DESIGN §5) and no query per row.

const PAGE_SIZES = [5, 10, 25] as const;
const CLIENTS_OF_A1 = 25;
const REQUESTS_PER_CLIENT = 4;
const CONTRACTS_OF_A1 = 12;

let t: TestApp;
let admin: string;
let asistente: TestUser;
let supA: TestUser;
let supB: TestUser;
let a1: TestUser; // supervised by supA: 25 clients × 4 requests, 12 of them with a contract
let a2: TestUser; // supervised by supA: clients X (2 requests, 1 contract), Y (1 request), Z (none)
let b1: TestUser; // supervised by supB: 2 clients, 1 request each, 1 contract
let c: TestUser; // no supervisor: 1 client whose only request expired
let plan: (descripcion: string) => PlanRow;
let a1Requests: CreatedRequest[];
let clientZ: Client;
let expiredId: number;

type ClientItem = Client & { solicitudes: RequestDto[]; contratos: RequestDto[] };
type Page<T> = { items: T[]; total: number; page: number; per_page: number };

/** The four requests of one of A1's clients: cash and financed, in USD and VES, of three services. */
function fourRequests(clienteId: number) {
  return [
    requestBody(clienteId, { plan: plan('Cremación Básica') }),
    requestBody(clienteId, {
      plan: plan('Cremación Básica'),
      modalidad: 'Financiado',
      cuotas: 3,
      pagoInicial: 50,
    }),
    requestBody(clienteId, { plan: plan('Honra de Exequias Sencilla'), metodo: 'VES' }),
    requestBody(clienteId, { plan: plan('Inhumación en Parcela'), modalidad: 'Financiado', cuotas: 2 }),
  ];
}

const oneRequest = (clienteId: number) => requestBody(clienteId, { plan: plan('Cremación con Ceremonia') });

beforeAll(async () => {
  t = await createTestApp();
  plan = await seedPlans(t.db);
  admin = await adminToken(t.app);
  [asistente, supA, supB, a1, a2, b1, c] = await Promise.all([
    userWithRole(t.app, admin, 'asistente'),
    userWithRole(t.app, admin, 'supervisor'),
    userWithRole(t.app, admin, 'supervisor'),
    userWithRole(t.app, admin, 'vendedor'),
    userWithRole(t.app, admin, 'vendedor'),
    userWithRole(t.app, admin, 'vendedor'),
    userWithRole(t.app, admin, 'vendedor'),
  ]);
  await assignSupervisor(t.app, admin, a1, supA);
  await assignSupervisor(t.app, admin, a2, supA);
  await assignSupervisor(t.app, admin, b1, supB);

  const a1Clients = await Promise.all(
    Array.from({ length: CLIENTS_OF_A1 }, (_, index) =>
      createClientVia(t.app, a1.token, { nombre: `Cliente A1 ${String(index + 1).padStart(2, '0')}` }),
    ),
  );
  a1Requests = (
    await Promise.all(a1Clients.map((client) => postRequests(t.app, a1.token, fourRequests(client.id))))
  ).flat();
  const [clientX, clientY] = await Promise.all([
    createClientVia(t.app, a2.token, { nombre: 'Cliente A2 X' }),
    createClientVia(t.app, a2.token, { nombre: 'Cliente A2 Y' }),
  ]);
  clientZ = await createClientVia(t.app, a2.token, { nombre: 'Cliente A2 Z' });
  const [xFirst] = await postRequests(t.app, a2.token, [oneRequest(clientX.id), oneRequest(clientX.id)]);
  await postRequests(t.app, a2.token, [oneRequest(clientY.id)]);
  const b1Clients = await Promise.all([createClientVia(t.app, b1.token), createClientVia(t.app, b1.token)]);
  const [b1First] = await postRequests(t.app, b1.token, [oneRequest(b1Clients[0]!.id)]);
  await postRequests(t.app, b1.token, [oneRequest(b1Clients[1]!.id)]);
  const cClient = await createClientVia(t.app, c.token);
  [{ id: expiredId }] = (await postRequests(t.app, c.token, [oneRequest(cClient.id)])) as [CreatedRequest];

  // A1's clients 1–12 convert their first request; X and B1's first client one each.
  const toConvert = [
    ...Array.from({ length: CONTRACTS_OF_A1 }, (_, index) => a1Requests[index * REQUESTS_PER_CLIENT]!.id),
    xFirst!.id,
    b1First!.id,
  ];
  for (const id of toConvert) expectConverted(await convert(t.app, admin, id));
  await t.db
    .update(solicitudes)
    .set({ fechaVencimiento: new Date(Date.now() - 60_000) })
    .where(inArray(solicitudes.id, [expiredId]));
  const expired = await t.app.inject({
    method: 'POST',
    url: '/api/v1/solicitudes/procesar-solicitudes-caducadas',
  });
  expect(expired.json()).toEqual({ procesadas: 1 });
});
afterAll(() => t.close());

const TOTAL_LIVE_REQUESTS = CLIENTS_OF_A1 * REQUESTS_PER_CLIENT + 3 + 2; // C's request expired
const TOTAL_CONTRACTS = CONTRACTS_OF_A1 + 2;
const TOTAL_CLIENTS = CLIENTS_OF_A1 + 3 + 2 + 1;

async function getJson<T>(url: string, token = admin): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function getStatus(url: string, token: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: response.statusCode, body: response.json<unknown>() };
}

/** Every page of a 1-based paged list until one past the end, checking each page's size and echo. */
async function walkPages<T extends { id: number }>(
  base: string,
  perPage: number,
  total: number,
  token = admin,
) {
  const pages = Math.ceil(total / perPage);
  const ids: number[] = [];
  for (let page = 1; page <= pages + 1; page += 1) {
    const body = await getJson<Page<T>>(`${base}?page=${page}&per_page=${perPage}`, token);
    const expected = page < pages ? perPage : page === pages ? total - (pages - 1) * perPage : 0;
    expect({ page: body.page, per_page: body.per_page, total: body.total, size: body.items.length }).toEqual({
      page,
      per_page: perPage,
      total,
      size: expected,
    });
    ids.push(...body.items.map((item) => item.id));
  }
  return ids;
}

describe('GET /api/v1/admin/solicitudes (1-based pages)', () => {
  it.each(PAGE_SIZES)(
    'pages %i at a time to the last page and an empty one past the end, newest first, without expired ones',
    async (perPage) => {
      const expected = await t.db
        .select({ id: solicitudes.id })
        .from(solicitudes)
        .where(inArray(solicitudes.estado, ['solicitud', 'contrato']))
        .orderBy(desc(solicitudes.fechaCreacion), desc(solicitudes.id));
      expect(expected).toHaveLength(TOTAL_LIVE_REQUESTS);

      const ids = await walkPages<RequestDto>('/api/v1/admin/solicitudes', perPage, TOTAL_LIVE_REQUESTS);

      expect(ids).toEqual(expected.map((row) => row.id));
      expect(ids).not.toContain(expiredId);
    },
  );

  it('defaults to page 1 of 10, each request with its client, seller and line', async () => {
    const body = await getJson<Page<RequestDto>>('/api/v1/admin/solicitudes');
    expect(body).toMatchObject({ page: 1, per_page: 10, total: TOTAL_LIVE_REQUESTS });
    expect(body.items).toHaveLength(10);
    for (const request of body.items) {
      expect(request.detalles).toHaveLength(1);
      expect(request.vendedor_nombre).toEqual(expect.any(String));
      expect(request.cliente.nombre).toEqual(expect.any(String));
      expect(['solicitud', 'contrato']).toContain(request.estado);
    }
  });

  it('filters by estado on the server: solicitud, contrato or todos (issue 15)', async () => {
    const requests = await getJson<Page<RequestDto>>(
      '/api/v1/admin/solicitudes?estado=solicitud&per_page=100',
    );
    expect(requests.total).toBe(TOTAL_LIVE_REQUESTS - TOTAL_CONTRACTS);
    expect(requests.items.map((request) => request.estado)).toEqual(
      Array(TOTAL_LIVE_REQUESTS - TOTAL_CONTRACTS).fill('solicitud'),
    );
    const contracts = await getJson<Page<RequestDto>>('/api/v1/admin/solicitudes?estado=contrato&per_page=5');
    expect(contracts.total).toBe(TOTAL_CONTRACTS);
    expect(contracts.items.every((request) => request.estado === 'contrato')).toBe(true);
    const both = await getJson<Page<RequestDto>>('/api/v1/admin/solicitudes?estado=todos');
    expect(both.total).toBe(TOTAL_LIVE_REQUESTS);
    const refused = await getStatus('/api/v1/admin/solicitudes?estado=caducada', admin);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain(CONTRACT_MESSAGES.estadoFiltroInvalido);
  });

  it('refuses a page or page size out of range with 422', async () => {
    for (const query of ['page=0', 'per_page=0', 'per_page=101', 'page=uno']) {
      expect((await getStatus(`/api/v1/admin/solicitudes?${query}`, admin)).status, query).toBe(422);
      expect((await getStatus(`/api/v1/clientes/lista/${a1.id}?${query}`, a1.token)).status, query).toBe(422);
    }
  });

  it('refuses sales roles with 403', async () => {
    for (const user of [supA, a1]) {
      expect(await getStatus('/api/v1/admin/solicitudes', user.token)).toEqual({
        status: 403,
        body: { detail: MSG.sinPermiso },
      });
    }
  });
});

describe('GET /api/v1/admin/contratos/activos (skip and limit)', () => {
  it('pages the contracts, newest conversion first, with an empty page past the end', async () => {
    const pages = await Promise.all(
      [0, 5, 10, 15].map((skip) =>
        getJson<RequestDto[]>(`/api/v1/admin/contratos/activos?skip=${skip}&limit=5`),
      ),
    );
    expect(pages.map((page) => page.length)).toEqual([5, 5, TOTAL_CONTRACTS - 10, 0]);
    const all = pages.flat();
    expect(new Set(all.map((contract) => contract.id)).size).toBe(TOTAL_CONTRACTS);
    const conversions = all.map((contract) => contract.fecha_conversion!);
    expect(conversions).toEqual([...conversions].sort().reverse());
    for (const contract of all) {
      expect(contract.estado).toBe('contrato');
      expect(contract.numero_contrato).toMatch(/^CON-\d{6}$/);
      expect(contract.detalles).toHaveLength(1);
    }
    expect(await getJson<RequestDto[]>('/api/v1/admin/contratos/activos')).toHaveLength(10);
    expect(await getJson<RequestDto[]>('/api/v1/admin/contratos/activos?limit=25')).toHaveLength(
      TOTAL_CONTRACTS,
    );
    expect((await getStatus('/api/v1/admin/contratos/activos?limit=0', admin)).status).toBe(422);
    expect((await getStatus('/api/v1/admin/contratos/activos?skip=-1', admin)).status).toBe(422);
  });

  it('sends the real total in X-Total-Count, the answer still a bare array (issue 15)', async () => {
    for (const skip of [0, 10, 100]) {
      const url = `/api/v1/admin/contratos/activos?skip=${skip}&limit=10`;
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(TOTAL_CONTRACTS));
      expect(Array.isArray(response.json())).toBe(true);
    }
  });
});

describe('GET /api/v1/clientes/lista/{sellerId}', () => {
  it.each(PAGE_SIZES)(
    'pages a seller’s 25 clients %i at a time, each with its requests and lines',
    async (perPage) => {
      const ids = await walkPages<ClientItem>(
        `/api/v1/clientes/lista/${a1.id}`,
        perPage,
        CLIENTS_OF_A1,
        a1.token,
      );
      expect(new Set(ids).size).toBe(CLIENTS_OF_A1);

      const first = await getJson<Page<ClientItem>>(
        `/api/v1/clientes/lista/${a1.id}?page=1&per_page=${perPage}`,
        a1.token,
      );
      expect(first.items.map((client) => client.nombre)).toEqual(
        Array.from({ length: perPage }, (_, index) => `Cliente A1 ${String(index + 1).padStart(2, '0')}`),
      );
      for (const [index, client] of first.items.entries()) {
        expect(client).toMatchObject({ vendedor_id: a1.id, telefono: '2125550000', celular: '04145550000' });
        expect(client.solicitudes).toHaveLength(REQUESTS_PER_CLIENT);
        expect(client.solicitudes.every((request) => request.cliente_id === client.id)).toBe(true);
        expect(client.solicitudes.every((request) => request.detalles.length === 1)).toBe(true);
        expect(client.solicitudes.map((request) => request.tipo_servicio).sort()).toEqual([
          'cremacion',
          'cremacion',
          'honra-exequias',
          'inhumacion',
        ]);
        const contracts = index < CONTRACTS_OF_A1 ? 1 : 0;
        expect(client.contratos).toHaveLength(contracts);
        expect(client.solicitudes.filter((request) => request.estado === 'contrato')).toHaveLength(contracts);
      }
    },
  );

  it('shows each client with the very fields of their own record (birth date, age, document name)', async () => {
    const [first] = (await getJson<Page<ClientItem>>(`/api/v1/clientes/lista/${a1.id}?page=1&per_page=5`))
      .items;
    await t.db
      .update(clientes)
      .set({ fechaNacimiento: '1950-02-03', nombreDocumento: 'cedula.jpg', email: 'a1@example.test' })
      .where(eq(clientes.id, first!.id));
    for (const list of ['clientes', 'contratos']) {
      const page = await getJson<Page<ClientItem>>(`/api/v1/${list}/lista/${a1.id}?page=1&per_page=5`);
      for (const { solicitudes: _requests, contratos: _contracts, ...client } of page.items) {
        expect(client, list).toEqual(await getJson<Client>(`/api/v1/clientes/${client.cedula}`));
      }
      expect(page.items[0], list).toMatchObject({
        fecha_nacimiento: '1950-02-03',
        nombre_documento: 'cedula.jpg',
        email: 'a1@example.test',
      });
      expect(page.items[0]!.edad, list).toBeGreaterThanOrEqual(76);
    }
  });

  it('lists a client without requests with an empty list, and an expired request not at all', async () => {
    const ofA2 = await getJson<Page<ClientItem>>(`/api/v1/clientes/lista/${a2.id}`, a2.token);
    expect(ofA2.total).toBe(3);
    expect(
      ofA2.items.map((client) => [client.nombre, client.solicitudes.length, client.contratos.length]),
    ).toEqual([
      ['Cliente A2 X', 2, 1],
      ['Cliente A2 Y', 1, 0],
      ['Cliente A2 Z', 0, 0],
    ]);
    const ofC = await getJson<Page<ClientItem>>(`/api/v1/clientes/lista/${c.id}`, c.token);
    expect(ofC.total).toBe(1);
    expect(ofC.items[0]!.solicitudes).toEqual([]);
  });

  it('writes each instant to the millisecond in UTC, whatever microseconds and offset it was stored with', async () => {
    const ofA2 = await getJson<Page<ClientItem>>(`/api/v1/clientes/lista/${a2.id}`, a2.token);
    const request = ofA2.items.find((client) => client.nombre === 'Cliente A2 Y')!.solicitudes[0]!;
    const stored = { fechaCreacion: request.fecha_creacion, fechaVencimiento: request.fecha_vencimiento };
    // On PGlite a page comes as one JSON text (decision 044): instants as text, with microseconds and an offset.
    await t.db
      .update(solicitudes)
      .set({
        fechaCreacion: sql`'2026-03-04 01:06:07.999999-04'::timestamptz`,
        fechaVencimiento: sql`'2099-01-01 00:00:00.000500+00'::timestamptz`,
      })
      .where(eq(solicitudes.id, request.id));
    try {
      const again = await getJson<Page<ClientItem>>(`/api/v1/clientes/lista/${a2.id}`, a2.token);
      const [written] = again.items.find((client) => client.id === request.cliente_id)!.solicitudes;
      expect(written).toEqual({
        ...request,
        fecha_creacion: '2026-03-04T05:06:07.999Z',
        fecha_vencimiento: '2099-01-01T00:00:00.000Z',
      });
    } finally {
      await t.db
        .update(solicitudes)
        .set({
          fechaCreacion: new Date(stored.fechaCreacion),
          fechaVencimiento: new Date(stored.fechaVencimiento),
        })
        .where(eq(solicitudes.id, request.id));
    }
  });
});

describe('GET /api/v1/contratos/lista/{sellerId}', () => {
  it.each(PAGE_SIZES)(
    'pages only the clients that have a contract, %i at a time, with their contracts',
    async (perPage) => {
      const ids = await walkPages<ClientItem>(
        `/api/v1/contratos/lista/${a1.id}`,
        perPage,
        CONTRACTS_OF_A1,
        a1.token,
      );
      const all = await getJson<Page<ClientItem>>(`/api/v1/contratos/lista/${a1.id}?per_page=25`, a1.token);
      expect(all.items.map((client) => client.id)).toEqual(ids);
      expect(all.items.map((client) => client.nombre)).toEqual(
        Array.from(
          { length: CONTRACTS_OF_A1 },
          (_, index) => `Cliente A1 ${String(index + 1).padStart(2, '0')}`,
        ),
      );
      for (const client of all.items) {
        expect(client.contratos).toHaveLength(1);
        expect(client.contratos[0]).toMatchObject({
          estado: 'contrato',
          numero_contrato: expect.stringMatching(/^CON-/),
        });
        expect(client.contratos[0]!.detalles).toHaveLength(1);
        expect(client.solicitudes.map((request) => request.id)).toEqual([client.contratos[0]!.id]);
      }
    },
  );

  it('leaves out a client without contracts', async () => {
    const ofA2 = await getJson<Page<ClientItem>>(`/api/v1/contratos/lista/${a2.id}`, a2.token);
    expect(ofA2.total).toBe(1);
    expect(ofA2.items.map((client) => client.nombre)).toEqual(['Cliente A2 X']);
    expect(ofA2.items.map((client) => client.id)).not.toContain(clientZ.id);
    const ofC = await getJson<Page<ClientItem>>(`/api/v1/contratos/lista/${c.id}`, c.token);
    expect(ofC).toEqual({ items: [], total: 0, page: 1, per_page: 10 });
  });
});

describe('ownership of the sales lists (SPEC §6)', () => {
  const lists = ['/api/v1/clientes/lista', '/api/v1/contratos/lista'] as const;
  const forbiddenSeller = { status: 403, body: { detail: CONTRACT_MESSAGES.vendedorAjeno } };
  const forbiddenRole = { status: 403, body: { detail: MSG.sinPermiso } };
  const totalOf = async (list: string, sellerId: number, token: string) =>
    (await getJson<Page<ClientItem>>(`${list}/${sellerId}?per_page=25`, token)).total;

  it('refuses a seller another seller’s or their supervisor’s data', async () => {
    for (const list of lists) {
      expect(await getStatus(`${list}/${a2.id}`, a1.token)).toEqual(forbiddenSeller);
      expect(await getStatus(`${list}/${supA.id}`, a1.token)).toEqual(forbiddenSeller);
      expect(await getStatus(`${list}/${a1.id}`, c.token)).toEqual(forbiddenSeller);
    }
  });

  it('gives a supervisor their team (their own id) and each of their sellers, not another supervisor’s', async () => {
    expect(await totalOf(lists[0], supA.id, supA.token)).toBe(CLIENTS_OF_A1 + 3);
    expect(await totalOf(lists[1], supA.id, supA.token)).toBe(CONTRACTS_OF_A1 + 1);
    expect(await totalOf(lists[0], a2.id, supA.token)).toBe(3);
    expect(await totalOf(lists[1], a1.id, supA.token)).toBe(CONTRACTS_OF_A1);
    expect(await totalOf(lists[0], supB.id, supB.token)).toBe(2);
    for (const list of lists) {
      expect(await getStatus(`${list}/${b1.id}`, supA.token)).toEqual(forbiddenSeller);
      expect(await getStatus(`${list}/${supB.id}`, supA.token)).toEqual(forbiddenSeller);
      expect(await getStatus(`${list}/${c.id}`, supA.token)).toEqual(forbiddenSeller);
      expect(await getStatus(`${list}/${a1.id}`, supB.token)).toEqual(forbiddenSeller);
    }
  });

  it('pages a supervisor’s team in the same name order as the whole list, without gaps or repeats', async () => {
    // A2's clients are renamed to fall between A1's, so the team's two sellers interleave by name. They are taken
    // by name (X, Y, Z), not by id: X and Y are created at once, so either may get the lower id, and X, the one with
    // a contract, must land among A1's twelve contracts in both lists.
    const renamed = ['Cliente A1 05 b', 'Cliente A1 12 b', 'Cliente A1 20 b'];
    const ofA2 = await t.db
      .select({ id: clientes.id, nombre: clientes.nombre })
      .from(clientes)
      .where(eq(clientes.vendedorId, a2.id))
      .orderBy(clientes.nombre);
    const rename = (names: string[]) =>
      Promise.all(
        ofA2.map((row, index) =>
          t.db.update(clientes).set({ nombre: names[index]! }).where(eq(clientes.id, row.id)),
        ),
      );
    await rename(renamed);
    try {
      const me = await getJson<{ id: number }>('/api/v1/me');
      for (const list of lists) {
        const everyone = await getJson<Page<ClientItem>>(`${list}/${me.id}?per_page=100`);
        const team = everyone.items.filter((item) => [a1.id, a2.id].includes(item.vendedor_id));
        expect(team.map((item) => item.vendedor_id)).not.toEqual(
          [...team.map((item) => item.vendedor_id)].sort(),
        );
        const walked: number[] = [];
        for (let page = 1; walked.length < team.length && page < 20; page++) {
          const { items } = await getJson<Page<ClientItem>>(
            `${list}/${supA.id}?page=${page}&per_page=7`,
            supA.token,
          );
          walked.push(...items.map((item) => item.id));
        }
        expect(walked).toEqual(team.map((item) => item.id));
        const past = await getJson<Page<ClientItem>>(`${list}/${supA.id}?page=20&per_page=7`, supA.token);
        expect(past.items).toEqual([]);
      }
    } finally {
      await rename(ofA2.map((row) => row.nombre));
    }
  });

  it('gives an administrator every seller, and refuses asistente and cliente by role', async () => {
    const me = await getJson<{ id: number }>('/api/v1/me');
    expect(await totalOf(lists[0], me.id, admin)).toBe(TOTAL_CLIENTS);
    expect(await totalOf(lists[1], me.id, admin)).toBe(TOTAL_CONTRACTS);
    expect(await totalOf(lists[0], b1.id, admin)).toBe(2);
    expect(await totalOf(lists[1], b1.id, admin)).toBe(1);
    const cliente = await userWithRole(t.app, admin, 'cliente');
    for (const list of lists) {
      expect(await getStatus(`${list}/${a1.id}`, asistente.token)).toEqual(forbiddenRole);
      expect(await getStatus(`${list}/${cliente.id}`, cliente.token)).toEqual(forbiddenRole);
    }
  });

  it('lists a supervisor’s sellers for that supervisor and administrators only', async () => {
    const sellers = await getJson<{ id: number; usuario: string; email: string; telefono: string | null }[]>(
      `/api/vendedor/list/${supA.id}`,
      supA.token,
    );
    expect(sellers.map((seller) => seller.id).sort()).toEqual([a1.id, a2.id].sort());
    expect(sellers.find((seller) => seller.id === a1.id)).toEqual({
      id: a1.id,
      usuario: a1.username,
      email: a1.email,
      telefono: '4121234567',
    });
    expect(
      (await getJson<{ id: number }[]>(`/api/vendedor/list/${supB.id}`)).map((seller) => seller.id),
    ).toEqual([b1.id]);
    expect(await getJson<unknown[]>(`/api/vendedor/list/${c.id}`)).toEqual([]);
    expect(await getStatus(`/api/vendedor/list/${supB.id}`, supA.token)).toEqual(forbiddenSeller);
    expect(await getStatus(`/api/vendedor/list/${supA.id}`, a1.token)).toEqual(forbiddenRole);
    expect(await getStatus(`/api/vendedor/list/${supA.id}`, asistente.token)).toEqual(forbiddenRole);
  });

  it('lists every seller to an administrator who asks with their own id', async () => {
    const me = await getJson<{ id: number }>('/api/v1/me');
    const ids = (await getJson<{ id: number }[]>(`/api/vendedor/list/${me.id}`)).map((seller) => seller.id);
    expect(ids).toEqual(expect.arrayContaining([a1.id, a2.id, b1.id, c.id]));
    expect(ids).not.toContain(supA.id);
  });

  it('shows a seller’s requests and contracts to their supervisor and administrators only', async () => {
    const ofA1 = await getJson<RequestDto[]>(`/api/vendedor/contratos/${a1.id}`, supA.token);
    expect(ofA1.map((request) => request.id).sort((x, y) => x - y)).toEqual(
      a1Requests.map((request) => request.id).sort((x, y) => x - y),
    );
    expect(ofA1.filter((request) => request.estado === 'contrato')).toHaveLength(CONTRACTS_OF_A1);
    expect(await getJson<RequestDto[]>(`/api/vendedor/contratos/${a1.id}`)).toHaveLength(a1Requests.length);
    expect(await getJson<RequestDto[]>(`/api/vendedor/contratos/${c.id}`)).toEqual([]);
    expect(await getStatus(`/api/vendedor/contratos/${a1.id}`, supB.token)).toEqual(forbiddenSeller);
    expect(await getStatus(`/api/vendedor/contratos/${a1.id}`, a1.token)).toEqual(forbiddenRole);
  });

  it('pages a seller’s requests on the server, newest first, with their number in X-Total-Count (issue 12)', async () => {
    const all = await getJson<RequestDto[]>(`/api/vendedor/contratos/${a1.id}`, supA.token);
    const newestFirst = [...all].sort(
      (x, y) => y.fecha_creacion.localeCompare(x.fecha_creacion) || y.id - x.id,
    );
    expect(all.map((request) => request.id)).toEqual(newestFirst.map((request) => request.id));
    for (const [page, perPage] of [
      [1, 10],
      [3, 7],
      [10, 10],
      [11, 10],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/vendedor/contratos/${a1.id}?page=${page}&per_page=${perPage}`,
        headers: bearer(supA.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(a1Requests.length));
      expect(response.json()).toEqual(all.slice((page - 1) * perPage, page * perPage));
    }
  });

  /** The supervisor as the auth plugin would pass them to a service. */
  const sessionUserOf = (user: TestUser): SessionUser => ({
    id: user.id,
    username: user.username,
    email: user.email,
    rol: 'supervisor',
    supervisorId: null,
  });

  it('streams the unpaged list in keyset batches that join to the same rows, ties on the instant included', async () => {
    const all = await getJson<RequestDto[]>(`/api/vendedor/contratos/${a1.id}`, supA.token);
    const source = await listSellerContracts({ db: t.db, actor: sessionUserOf(supA), sellerId: a1.id });
    const batched: RequestDto[] = [];
    for await (const batch of keysetBatches(source.batchAfter, 3)) batched.push(...batch);
    expect(batched).toEqual(all);
  });
});

describe('no query per row (DESIGN §5)', () => {
  const lists = [
    (size: number) => `/api/v1/admin/solicitudes?page=1&per_page=${size}`,
    (size: number) => `/api/v1/admin/contratos/activos?skip=0&limit=${size}`,
    (size: number) => `/api/v1/admin/solicitudes/caducadas?skip=0&limit=${size}`,
    (size: number) => `/api/v1/clientes/lista/${a1.id}?page=1&per_page=${size}`,
    (size: number) => `/api/v1/contratos/lista/${a1.id}?page=1&per_page=${size}`,
    (size: number) => `/api/v1/admin/contratos-de-contado?modalidad=De+Contado&page=1&per_page=${size}`,
    (size: number) => `/api/v1/cuotas/contratos-financiados?page=1&per_page=${size}`,
    (size: number) => `/api/v1/admin/auditoria?page=1&per_page=${size}`,
  ];

  it('runs the same small number of statements for a page of 5 and a page of 25', async () => {
    for (const url of lists) {
      const counts = [];
      for (const size of [5, 25]) {
        const token = url(size).startsWith('/api/v1/admin') ? admin : a1.token;
        const { statements } = await countStatements(t.db, () => getJson(url(size), token));
        counts.push(statements);
      }
      console.info(`[listas] ${url(25)} on ${t.driver}: ${counts.join(' / ')} statements (5 / 25 per page)`);
      expect(counts[0]).toBe(counts[1]);
      expect(counts[1]).toBeLessThanOrEqual(8);
    }
  });

  it("reads a seller's clients and their number in one statement, the number apart only past the end (issue 12)", async () => {
    // The session check's statements (none on PGlite, which keeps sessions): /me runs it, then reads the user.
    const session = (await countStatements(t.db, () => getJson('/api/v1/me', a1.token))).statements - 1;
    for (const [list, total] of [
      ['clientes', CLIENTS_OF_A1],
      ['contratos', CONTRACTS_OF_A1],
    ] as const) {
      const base = `/api/v1/${list}/lista/${a1.id}`;
      const page = await countStatements(t.db, () =>
        getJson<Page<ClientItem>>(`${base}?per_page=5`, a1.token),
      );
      const past = await countStatements(t.db, () =>
        getJson<Page<ClientItem>>(`${base}?page=99&per_page=5`, a1.token),
      );
      // The clients with their number, then their requests; past the end, no client, and the number apart.
      expect({ statements: page.statements - session, total: page.result.total }).toEqual({
        statements: 2,
        total,
      });
      expect({ statements: past.statements - session, body: past.result }).toEqual({
        statements: 2,
        body: { items: [], total, page: 99, per_page: 5 },
      });
    }
  });

  it('answers a page of 25 clients with 4 requests each quickly', async () => {
    const started = performance.now();
    const body = await getJson<Page<ClientItem>>(`/api/v1/clientes/lista/${a1.id}?per_page=25`, a1.token);
    const elapsed = performance.now() - started;
    console.info(`[listas] 25 clients × 4 requests on ${t.driver}: ${elapsed.toFixed(0)} ms`);
    expect(body.items.flatMap((client) => client.solicitudes)).toHaveLength(
      CLIENTS_OF_A1 * REQUESTS_PER_CLIENT,
    );
    expect(elapsed).toBeLessThan(1_000);
  });
});

describe('GET /api/v1/admin/contratos-de-contado pages (issue 12)', () => {
  // Besides the 14 cash contracts converted above: 1,250 cash and 1,100 financed ones of A2, converted years
  // before, three per microsecond; more than one keyset batch (1,000) of each.
  const CASH = TOTAL_CONTRACTS + 1250;
  const FINANCED = 1100;
  const url = (query: string) => `/api/v1/admin/contratos-de-contado${query}`;
  const get = (query: string, token = admin) =>
    t.app.inject({ method: 'GET', url: url(query), headers: bearer(token) });

  beforeAll(async () => {
    const common = { sellerId: a2.id, clientId: clientZ.id, tiesOf: 3 };
    await insertContracts(t.db, { ...common, count: 1250, prefix: 'HC', modalidad: 'De Contado' });
    await insertContracts(t.db, { ...common, count: FINANCED, prefix: 'HF', modalidad: 'Financiado' });
  });

  async function newestFirst(modalidad?: 'De Contado' | 'Financiado') {
    const rows = await t.db
      .select({ id: solicitudes.id })
      .from(solicitudes)
      .where(
        and(
          eq(solicitudes.estado, 'contrato'),
          modalidad ? eq(solicitudes.modalidadPago, modalidad) : undefined,
        ),
      )
      .orderBy(desc(solicitudes.fechaConversion), desc(solicitudes.id));
    return rows.map((row) => row.id);
  }
  const centsOf = (contracts: RequestDto[]) =>
    contracts.reduce((sum, contract) => sum + toCents(contract.monto_total), 0);

  it.each([
    ['cash', 'De Contado', '?modalidad=De+Contado', CASH],
    ['financed', 'Financiado', '?modalidad=Financiado', FINANCED],
    ['', undefined, '', CASH + FINANCED],
  ] as const)(
    'streams every %s contract unpaged, newest conversion first, with its count and sum',
    async (_name, modalidad, query, total) => {
      const response = await get(query);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['x-total-count']).toBe(String(total));
      const contracts = response.json<RequestDto[]>();
      expect(contracts.map((contract) => contract.id)).toEqual(await newestFirst(modalidad));
      expect(contracts.every((contract) => contract.detalles.length === 1)).toBe(true);
      // The sum of the filter, in cents, against an independent sum of what was listed.
      expect(toCents(Number(response.headers['x-sum-monto-total']))).toBe(centsOf(contracts));
    },
  );

  it('answers the same bytes unpaged as its pages joined, and the same sum on every page', async () => {
    const whole = await get('?modalidad=Financiado');
    const bodies: string[] = [];
    for (let page = 1; page <= FINANCED / 100 + 1; page += 1) {
      const response = await get(`?modalidad=Financiado&page=${page}&per_page=100`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(FINANCED));
      expect(response.headers['x-sum-monto-total']).toBe(whole.headers['x-sum-monto-total']);
      bodies.push(response.body);
    }
    expect(bodies.at(-1)).toBe('[]');
    expect(whole.body).toBe(
      `[${bodies
        .map((body) => body.slice(1, -1))
        .filter(Boolean)
        .join(',')}]`,
    );
  });

  it('gives the first, a middle and the last page, 10 at a time by default', async () => {
    const all = await newestFirst('De Contado');
    const ids = async (query: string) =>
      (await getJson<RequestDto[]>(url(`?modalidad=De+Contado&${query}`))).map((contract) => contract.id);
    expect(await ids('page=1')).toEqual(all.slice(0, 10));
    expect(await ids('page=50&per_page=25')).toEqual(all.slice(1225, 1250));
    expect(await ids('page=13&per_page=100')).toEqual(all.slice(1200));
    expect(await ids('page=14&per_page=100')).toEqual([]);
    expect(await ids('per_page=100')).toEqual(all.slice(0, 100));
  });

  it('refuses a bad page, page size or modalidad with 422 in Spanish', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['per_page=101', 'per_page'],
      ['per_page=uno', 'per_page'],
      ['modalidad=Contado', 'modalidad'],
    ]) {
      const response = await get(`?${query}`);
      expect(response.statusCode, query).toBe(422);
      const [issue] = response.json<{ detail: { loc: string[]; msg: string }[] }>().detail;
      expect(issue?.loc).toEqual(['querystring', field]);
      expect(issue?.msg).not.toMatch(/expected|invalid|too/i);
    }
  });

  it('streams contracts without a conversion date too, first as their pages put them', async () => {
    // None is made so (a conversion sets the date), but a batch that ends on one must not end the stream.
    await insertContracts(t.db, {
      sellerId: a2.id,
      clientId: clientZ.id,
      count: 1001,
      prefix: 'HN',
      modalidad: 'Financiado',
      convertedAt: null,
    });
    try {
      const whole = await get('?modalidad=Financiado');
      expect(whole.headers['x-total-count']).toBe(String(FINANCED + 1001));
      const ids = whole.json<RequestDto[]>().map((contract) => contract.id);
      expect(ids).toEqual(await newestFirst('Financiado'));
      const lastPage = await getJson<RequestDto[]>(url('?modalidad=Financiado&page=22&per_page=100'));
      expect(lastPage.map((contract) => contract.id)).toEqual(ids.slice(2100));
    } finally {
      await t.db.delete(solicitudes).where(like(solicitudes.numeroSolicitud, 'HN%'));
    }
  });

  it('still lets administrador and asistente in only, paged or not', async () => {
    for (const query of ['', '?page=1&per_page=5']) {
      expect((await get(query, asistente.token)).statusCode).toBe(200);
      for (const user of [supA, a1]) {
        expect(await getStatus(url(query), user.token)).toEqual({
          status: 403,
          body: { detail: MSG.sinPermiso },
        });
      }
      expect((await t.app.inject({ method: 'GET', url: url(query) })).statusCode).toBe(401);
    }
  });
});
