import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type User, type Seller, type SellersResponse } from '@camposanto/domain';
import { ADMIN, adminToken, bearer, createUser, login, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, lastAuditId, snapshot } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: string;
let asistente: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  asistente = await userWithRole(t.app, admin, 'asistente');
});
afterAll(() => t.close());

const list = async (token = admin) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/v1/vendedores', headers: bearer(token) })
  ).json<SellersResponse>();
const sellerOf = async (id: number) => (await list()).vendedores.find((seller) => seller.id === id);
const userOf = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/usuarios', headers: bearer(admin) }))
    .json<User[]>()
    .find((user) => user.id === id);
const put = (id: number | string, payload: unknown, token = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/vendedores/${id}`,
    headers: bearer(token),
    payload: payload as object,
  });

describe('GET /api/v1/vendedores', () => {
  it('answers mensaje, the sellers (vendedores and supervisores) and the users with rol supervisor', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const supervisor = await createUser(t.app, admin, 'supervisor');
    await createUser(t.app, admin, 'cliente');
    const body = await list(asistente.token);
    expect(body.mensaje).toBe('Vendedores obtenidos exitosamente.');
    expect(body.vendedores.map((v) => v.id)).toEqual(expect.arrayContaining([seller.id, supervisor.id]));
    expect(body.usuarios.map((u) => u.id)).toContain(supervisor.id);
    expect(body.usuarios.every((u) => u.rol === 'supervisor')).toBe(true);
  });

  it('says there are no sellers on a database without any', async () => {
    const empty = await createTestApp();
    try {
      const token = await adminToken(empty.app);
      const response = await empty.app.inject({
        method: 'GET',
        url: '/api/v1/vendedores',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        mensaje: 'No hay vendedores registrados.',
        vendedores: [],
        usuarios: [],
      });
    } finally {
      await empty.close();
    }
  });
});

describe('PUT /api/v1/vendedores/{id}: supervisor', () => {
  it('assigns a supervisor, shown with its name, and audits the change in words', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const supervisor = await createUser(t.app, admin, 'supervisor');
    const since = await lastAuditId(t.db);
    const response = await put(seller.id, { supervisor_id: supervisor.id });
    expect(response.statusCode).toBe(200);
    expect(response.json<Seller>()).toMatchObject({
      id: seller.id,
      supervisor_id: supervisor.id,
      supervisor_nombre: supervisor.username,
    });
    expect(await sellerOf(seller.id)).toMatchObject({ supervisor_id: supervisor.id });
    const rows = await auditSince(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accion: 'actualizar_vendedor',
      username: ADMIN.username,
      rol: 'administrador',
    });
    expect(rows[0]?.descripcion).toContain(`supervisor Sin supervisor → ${supervisor.username}`);
  });

  it('puts the supervisor in the claims of the seller’s next token', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const supervisor = await createUser(t.app, admin, 'supervisor');
    await put(seller.id, { supervisor_id: supervisor.id });
    const token = await login(t.app, seller.email);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims.supervisor_id).toBe(supervisor.id);
  });

  it.each([
    ['null', null],
    ['an empty string (the Sin supervisor option)', ''],
  ])('removes the supervisor when supervisor_id is %s', async (_name, value) => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const supervisor = await createUser(t.app, admin, 'supervisor');
    await put(seller.id, { supervisor_id: supervisor.id });
    const response = await put(seller.id, { supervisor_id: value });
    expect(response.statusCode).toBe(200);
    expect(response.json<Seller>()).toMatchObject({ supervisor_id: null, supervisor_nombre: null });
    expect(await sellerOf(seller.id)).toMatchObject({ supervisor_id: null, supervisor_nombre: null });
  });

  it('leaves the supervisor alone when supervisor_id is not sent', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const supervisor = await createUser(t.app, admin, 'supervisor');
    await put(seller.id, { supervisor_id: supervisor.id });
    expect((await put(seller.id, { direccion: 'Otra calle' })).json<Seller>().supervisor_id).toBe(
      supervisor.id,
    );
  });

  it.each([
    ['a vendedor', async () => (await createUser(t.app, admin, 'vendedor')).id],
    ['an asistente (no seller profile)', async () => asistente.id],
    ['a user that does not exist', async () => 999999],
  ])('refuses (400) %s as supervisor and changes nothing', async (_name, supervisorId) => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const id = await supervisorId();
    const before = await snapshot(t.db);
    const response = await put(seller.id, { supervisor_id: id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'El supervisor seleccionado no existe o no tiene rol supervisor.',
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses (400) a supervisor as its own supervisor', async () => {
    const supervisor = await createUser(t.app, admin, 'supervisor');
    const before = await snapshot(t.db);
    const response = await put(supervisor.id, { supervisor_id: supervisor.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MSG.supervisorDeSiMismo });
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('PUT /api/v1/vendedores/{id}: seller data', () => {
  it("changes the seller's data, and the user's name, e-mail and contact data follow", async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const changes = {
      nombre: `${seller.username} Actualizado`,
      cedula: `E-${seller.id}77`,
      direccion: 'Urb. El Parque, casa 3',
      telefono: '4160001122',
      email: `actualizado-${seller.email}`,
    };
    const response = await put(seller.id, changes, asistente.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<Seller>()).toMatchObject(changes);
    expect(await sellerOf(seller.id)).toMatchObject(changes);
    expect(await userOf(seller.id)).toMatchObject({
      username: changes.nombre,
      email: changes.email,
      cedula: changes.cedula,
      direccion: changes.direccion,
      telefono: changes.telefono,
    });
    expect(await login(t.app, changes.email)).toMatch(/^ey/);
  });

  it('stores the e-mail in lower case and blanks optional data sent empty', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const response = await put(seller.id, { email: `  MAYUS-${seller.email.toUpperCase()} `, direccion: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Seller>()).toMatchObject({ email: `mayus-${seller.email}`, direccion: null });
  });

  it.each([
    [
      'an e-mail another user has',
      async () => ({ email: (await createUser(t.app, admin, 'cliente')).email }),
      MSG.emailDuplicado,
    ],
    [
      'a nombre another user has',
      async () => ({ nombre: (await createUser(t.app, admin, 'cliente')).username }),
      MSG.usernameDuplicado,
    ],
    [
      'a cédula another seller has',
      async () => ({ cedula: (await createUser(t.app, admin, 'vendedor')).cedula }),
      MSG.cedulaDuplicada,
    ],
  ])('refuses (409) %s and changes nothing', async (_name, payload, detail) => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const body = await payload();
    const before = await snapshot(t.db);
    const response = await put(seller.id, body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it.each([
    ['an invalid e-mail', { email: 'correo@malo' }, 'email', MSG.emailInvalido],
    ['an empty nombre', { nombre: ' ' }, 'nombre', MSG.campoRequerido],
    ['a nombre of 101 characters', { nombre: 'n'.repeat(101) }, 'nombre', MSG.textoMuyLargo(100)],
    ['a teléfono with letters', { telefono: 'doce' }, 'telefono', MSG.telefonoInvalido],
    ['a cédula of 21 characters', { cedula: 'c'.repeat(21) }, 'cedula', MSG.textoMuyLargo(20)],
    ['a supervisor_id that is text', { supervisor_id: 'uno' }, 'supervisor_id', undefined],
    ['a supervisor_id with decimals', { supervisor_id: 1.5 }, 'supervisor_id', undefined],
    ['a negative supervisor_id', { supervisor_id: -4 }, 'supervisor_id', undefined],
  ])('refuses %s with 422 in Spanish and changes nothing', async (_name, payload, field, msg) => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const before = await snapshot(t.db);
    const response = await put(seller.id, payload);
    expect(response.statusCode).toBe(422);
    const detail = response.json<{ detail: { loc: string[]; msg: string }[] }>().detail;
    expect(detail[0]?.loc).toEqual(['body', field]);
    if (msg) expect(detail[0]?.msg).toBe(msg);
    else expect(detail[0]?.msg).toMatch(/inválid|número/i);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers 404 in Spanish for a user without seller profile or an unknown id', async () => {
    const cliente = await createUser(t.app, admin, 'cliente');
    for (const id of [cliente.id, 999999]) {
      const response = await put(id, { direccion: 'X' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MSG.vendedorNoEncontrado });
    }
  });
});
