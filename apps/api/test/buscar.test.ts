import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES, type SearchResponse } from '@camposanto/domain';
import { clientes, nichosColumbario, parcelas } from '../src/db/schema';
import { bearer, unique, userWithRole, type TestUser } from './helpers/auth';
import { daysFromNow, insertSolicitud } from './helpers/fixtures';
import { salesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 15: GET /api/v1/buscar?q= — clients, requests, contracts, plots and niches, at most 10 of each, each within
// what the user may see, read from the trigram indexes of migration 0008 (docs/decisions/028).

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let seller: TestUser; // led by `supervisor`
let otherSeller: TestUser;
let asistente: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, supervisor, seller, otherSeller, asistente } = await salesTeam(t.app));
});
afterAll(() => t.close());

function get(token: string | undefined, q: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/buscar?${new URLSearchParams({ q })}`,
    headers: token ? bearer(token) : {},
  });
}

async function search(token: string, q: string) {
  const response = await get(token, q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResponse>();
}

/** A word no other test of this file uses, so each test reads only its own rows. */
const word = () => `Zq${unique()}x`;

async function client(vendedorId: number, values: { nombre: string; telefono?: string; celular?: string }) {
  const [row] = await t.db
    .insert(clientes)
    .values({ vendedorId, cedula: `V-${40_000_000 + unique()}`, ...values })
    .returning();
  return row!;
}

/** A client of `sellerId` with one request and one contract of their own. */
async function clientWithSales(sellerId: number, nombre: string) {
  const owner = await client(sellerId, { nombre, telefono: '0212' + String(unique()).padStart(6, '0') });
  const n = unique();
  const request = await insertSolicitud(t.db, {
    clienteId: owner.id,
    vendedorId: sellerId,
    fechaVencimiento: daysFromNow(5),
    numeroSolicitud: `S${String(800_000 + n)}`,
  });
  const contract = await insertSolicitud(t.db, {
    clienteId: owner.id,
    vendedorId: sellerId,
    fechaVencimiento: daysFromNow(5),
    estado: 'contrato',
    numeroSolicitud: `S${String(900_000 + n)}`,
    numeroContrato: `CON-${String(700_000 + n)}`,
  });
  return { owner, request, contract };
}

describe('GET /api/v1/buscar: what each key finds', () => {
  it('finds a client by the whole cédula, a part of it, a part of the name without accents and a phone part', async () => {
    const surname = word();
    const owner = await client(seller.id, {
      nombre: `José Ñáñez ${surname}`,
      telefono: '0212' + String(unique()).padStart(6, '7'),
      celular: '0414' + String(unique()).padStart(7, '3'),
    });
    for (const q of [
      owner.cedula,
      owner.cedula.slice(3),
      `nanez ${surname.toLowerCase()}`,
      surname.toUpperCase(),
      owner.telefono!.slice(2),
      owner.celular!,
    ]) {
      const found = await search(admin, q);
      expect(
        found.clientes.map((row) => row.id),
        q,
      ).toEqual([owner.id]);
    }
    const [row] = (await search(admin, owner.cedula)).clientes;
    expect(row).toEqual({
      id: owner.id,
      nombre: owner.nombre,
      cedula: owner.cedula,
      telefono: owner.telefono,
      celular: owner.celular,
    });
  });

  it('finds a request by its number, a contract by its number or its request number, and both by their client', async () => {
    const { owner, request, contract } = await clientWithSales(seller.id, `Cliente ${word()}`);

    const byRequest = await search(admin, request.numeroSolicitud);
    expect(byRequest.solicitudes.map((row) => row.id)).toEqual([request.id]);
    expect(byRequest.solicitudes[0]).toMatchObject({
      numero_solicitud: request.numeroSolicitud,
      numero_contrato: null,
      estado: 'solicitud',
      cliente_nombre: owner.nombre,
      cliente_cedula: owner.cedula,
    });
    expect(byRequest.contratos).toEqual([]);

    const byContract = await search(admin, contract.numeroContrato!.toLowerCase());
    expect(byContract.contratos.map((row) => row.id)).toEqual([contract.id]);
    expect(byContract.solicitudes).toEqual([]);
    expect((await search(admin, contract.numeroSolicitud)).contratos.map((row) => row.id)).toEqual([
      contract.id,
    ]);

    const byClient = await search(admin, owner.cedula);
    expect(byClient.clientes.map((row) => row.id)).toEqual([owner.id]);
    expect(byClient.solicitudes.map((row) => row.id)).toEqual([request.id]);
    expect(byClient.contratos.map((row) => row.id)).toEqual([contract.id]);
  });

  it('finds a plot and a niche by their code or a part of it', async () => {
    const n = unique();
    const [plot] = await t.db
      .insert(parcelas)
      .values({ codigo: `Q${n}-07-03`, puestos: 3, disponible: 3 })
      .returning();
    const [niche] = await t.db
      .insert(nichosColumbario)
      .values({ codigo: `COL-Q${n}-B2`, capilla: 'San José' })
      .returning();

    const byPlot = await search(asistente.token, `q${n}-07`);
    expect(byPlot.parcelas).toEqual([{ id: plot!.id, codigo: plot!.codigo, puestos: 3, disponible: 3 }]);
    const byNiche = await search(seller.token, niche!.codigo);
    expect(byNiche.nichos).toEqual([
      { id: niche!.id, codigo: niche!.codigo, estado: 'disponible', capilla: 'San José' },
    ]);
    expect(byNiche.parcelas).toEqual([]);
  });

  it('answers at most 10 of a group, the whole field equal to the text first', async () => {
    const shared = word();
    const exact = await client(otherSeller.id, { nombre: shared });
    for (let index = 0; index < 12; index += 1) {
      await client(otherSeller.id, { nombre: `Ana ${shared} ${index}` });
    }
    const found = await search(admin, shared);
    expect(found.clientes).toHaveLength(10);
    expect(found.clientes[0]!.id).toBe(exact.id);
  });

  it('looks a two-character text up at the start of a word', async () => {
    const surname = word();
    const owner = await client(otherSeller.id, { nombre: `Wy${surname}` });
    expect((await search(admin, 'wy')).clientes.map((row) => row.id)).toContain(owner.id);
    expect((await search(admin, 'y' + surname.slice(0, 1))).clientes.map((row) => row.id)).not.toContain(
      owner.id,
    );
  });
});

describe('GET /api/v1/buscar: each user sees what they may', () => {
  it('shows a seller only their own clients, requests and contracts; a supervisor their team; the office everyone', async () => {
    const shared = word();
    const own = await clientWithSales(seller.id, `Mia ${shared}`);
    const foreign = await clientWithSales(otherSeller.id, `Otra ${shared}`);
    const ids = (found: SearchResponse) => ({
      clientes: found.clientes.map((row) => row.id).sort(),
      solicitudes: found.solicitudes.map((row) => row.id).sort(),
      contratos: found.contratos.map((row) => row.id).sort(),
    });
    const just = (sales: typeof own) => ({
      clientes: [sales.owner.id],
      solicitudes: [sales.request.id],
      contratos: [sales.contract.id],
    });
    const both = {
      clientes: [own.owner.id, foreign.owner.id].sort(),
      solicitudes: [own.request.id, foreign.request.id].sort(),
      contratos: [own.contract.id, foreign.contract.id].sort(),
    };

    expect(ids(await search(seller.token, shared))).toEqual(just(own));
    expect(ids(await search(otherSeller.token, shared))).toEqual(just(foreign));
    expect(ids(await search(supervisor.token, shared))).toEqual(just(own));
    expect(ids(await search(admin, shared))).toEqual(both);
    expect(ids(await search(asistente.token, shared))).toEqual(both);
    // Another seller's contract number finds nothing for a seller.
    expect((await search(seller.token, foreign.contract.numeroContrato!)).contratos).toEqual([]);
  });

  it('refuses a request without a token (401) and a client account (403)', async () => {
    expect((await get(undefined, 'ana')).statusCode).toBe(401);
    const account = await userWithRole(t.app, admin, 'cliente');
    expect((await get(account.token, 'ana')).statusCode).toBe(403);
  });
});

describe('GET /api/v1/buscar: hostile text', () => {
  it('searches %, _ and \\ as they are, never as wildcards', async () => {
    const tag = word();
    const percent = await client(otherSeller.id, { nombre: `${tag} 100% Real` });
    await client(otherSeller.id, { nombre: `${tag} 1000 Real` });
    const underscore = await client(otherSeller.id, { nombre: `${tag} Luz_Mar` });
    await client(otherSeller.id, { nombre: `${tag} LuzaMar` });
    const backslash = await client(otherSeller.id, { nombre: `${tag} Bar\\ra` });
    await client(otherSeller.id, { nombre: `${tag} Bar\\\\ra` });

    expect((await search(admin, `${tag} 100%`)).clientes.map((row) => row.id)).toEqual([percent.id]);
    expect((await search(admin, 'luz_m')).clientes.map((row) => row.id)).toEqual([underscore.id]);
    expect((await search(admin, 'bar\\r')).clientes.map((row) => row.id)).toEqual([backslash.id]);
    expect(await search(admin, '%%')).toEqual({
      clientes: [],
      solicitudes: [],
      contratos: [],
      parcelas: [],
      nichos: [],
    });
    for (const q of ["o'brien", '"; drop table clientes; --', '日本語', '😀😀']) {
      expect((await get(admin, q)).statusCode, q).toBe(200);
    }
  });

  it.each([
    ['', SEARCH_MESSAGES.muyCorta],
    ['   a  ', SEARCH_MESSAGES.muyCorta],
    ['x'.repeat(101), SEARCH_MESSAGES.muyLarga],
    ['x'.repeat(10_000), SEARCH_MESSAGES.muyLarga],
    ['ab\u0001cd', SEARCH_MESSAGES.caracteresNoValidos],
    ['ab\u007fcd', SEARCH_MESSAGES.caracteresNoValidos],
  ])('refuses q=%j with a Spanish 422 and nothing else', async (q, message) => {
    const response = await get(admin, q);
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json<{ detail: { loc: string[]; msg: string }[] }>();
    expect(body.detail[0]!.loc[0]).toBe('querystring');
    expect(body.detail[0]!.msg).toBe(message);
  });

  it('refuses a missing q with a Spanish 422', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/buscar', headers: bearer(admin) });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(SEARCH_MESSAGES.muyCorta);
  });

  it('collapses white space and tabs inside the text', async () => {
    const surname = word();
    const owner = await client(otherSeller.id, { nombre: `Rosa ${surname}` });
    expect((await search(admin, `  rosa \t  ${surname}  `)).clientes.map((row) => row.id)).toEqual([
      owner.id,
    ]);
  });
});
