import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type User, type SellersResponse } from '@camposanto/domain';
import {
  ADMIN,
  adminToken,
  bearer,
  createUser,
  login,
  loginRequest,
  newUserBody,
  PASSWORD,
  userWithRole,
  type TestUser,
} from './helpers/auth';
import {
  auditSince,
  daysFromNow,
  insertCliente,
  insertSolicitud,
  lastAuditId,
  snapshot,
} from './helpers/fixtures';
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

const listUsers = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/usuarios', headers: bearer(admin) })).json<User[]>();
const listVendedores = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/v1/vendedores', headers: bearer(admin) })
  ).json<SellersResponse>();
const post = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/usuarios/',
    headers: bearer(token),
    payload: payload as object,
  });
const put = (token: string, id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/usuarios/${id}`,
    headers: bearer(token),
    payload: payload as object,
  });
const setActive = (token: string, id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/usuarios/${id}/active`,
    headers: bearer(token),
    payload: payload as object,
  });
const remove = (token: string, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/usuarios/${id}`, headers: bearer(token) });

describe('GET /api/v1/usuarios', () => {
  it('lists every user with its public fields and never a password or its hash', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const users = await listUsers();
    expect(users.find((user) => user.id === seller.id)).toEqual({
      id: seller.id,
      username: seller.username,
      email: seller.email,
      rol: 'vendedor',
      cedula: seller.cedula,
      direccion: 'Av. Principal',
      telefono: '4121234567',
      is_active: true,
      vendedor_id: seller.id,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const body = JSON.stringify(users);
    expect(body).not.toMatch(/password|\$argon2/);
  });
});

describe('POST /api/v1/usuarios/', () => {
  it('creates a cliente without a seller profile and writes one audit row naming the actor', async () => {
    const since = await lastAuditId(t.db);
    const body = newUserBody('cliente');
    const response = await post(admin, body);
    expect(response.statusCode).toBe(200);
    const user = response.json<User>();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      rol: 'cliente',
      vendedor_id: null,
    });
    expect(user.is_active).toBe(true);
    expect((await listUsers()).map((u) => u.id)).toContain(user.id);
    expect((await listVendedores()).vendedores.map((v) => v.id)).not.toContain(user.id);
    const rows = await auditSince(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: ADMIN.username,
      rol: 'administrador',
      accion: 'crear_usuario',
      entidad: 'usuario',
      entidadId: String(user.id),
    });
    expect(rows[0]?.descripcion).toContain(body.username);
    expect(rows[0]?.descripcion).toContain(body.email);
    expect(Date.now() - (rows[0]?.fecha.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('stores the role value admin as administrador, and the new administrador can manage users', async () => {
    const response = await post(admin, newUserBody('admin'));
    expect(response.statusCode).toBe(200);
    const user = response.json<User>();
    expect(user.rol).toBe('administrador');
    const token = await login(t.app, user.email);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/usuarios', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
  });

  it('accepts role names in any case and surrounding spaces (" Vendedor ")', async () => {
    const response = await post(admin, newUserBody('vendedor', { rol: ' Vendedor ' }));
    expect(response.statusCode).toBe(200);
    expect(response.json<User>().rol).toBe('vendedor');
  });

  it.each(['vendedor', 'supervisor'] as const)(
    'creating a %s also creates its seller profile, listed in GET /api/v1/vendedores with the same id',
    async (rol) => {
      const body = newUserBody(rol);
      const user = (await post(admin, body)).json<User>();
      expect(user.vendedor_id).toBe(user.id);
      const seller = (await listVendedores()).vendedores.find((v) => v.id === user.id);
      expect(seller).toEqual({
        id: user.id,
        nombre: body.username,
        cedula: body.cedula,
        direccion: body.direccion,
        telefono: body.telefono,
        email: body.email,
        supervisor_id: null,
        supervisor_nombre: null,
        is_active: true,
      });
    },
  );

  it('ignores the vendedor_id the old form sends', async () => {
    const response = await post(admin, newUserBody('cliente', { vendedor_id: 'cualquier cosa' }));
    expect(response.statusCode).toBe(200);
    expect(response.json<User>().vendedor_id).toBeNull();
  });

  it('lets an asistente create a vendedor', async () => {
    const response = await post(asistente.token, newUserBody('vendedor'));
    expect(response.statusCode).toBe(200);
  });

  it.each(['admin', 'administrador'])(
    'refuses (403) an asistente creating an administrador (rol %s) and creates nothing',
    async (rol) => {
      const before = await snapshot(t.db);
      const response = await post(asistente.token, newUserBody('cliente', { rol }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        detail: 'Solo un administrador puede gestionar cuentas de administrador.',
      });
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  const long = (n: number) => 'x'.repeat(n);
  const INVALID: [string, Record<string, unknown>, string, string][] = [
    ['a missing username', { username: undefined }, 'username', MSG.campoRequerido],
    ['a blank username', { username: '   ' }, 'username', MSG.campoRequerido],
    ['a username of 101 characters', { username: long(101) }, 'username', MSG.textoMuyLargo(100)],
    ['a username that is a number', { username: 12345 }, 'username', MSG.campoRequerido],
    ['a missing e-mail', { email: undefined }, 'email', MSG.campoRequerido],
    ['an invalid e-mail', { email: 'no-es-un-correo' }, 'email', MSG.emailInvalido],
    ['an e-mail without a domain dot', { email: 'ana@dominio' }, 'email', MSG.emailInvalido],
    ['an e-mail of 255 characters', { email: `${long(245)}@test.local` }, 'email', MSG.textoMuyLargo(254)],
    ['a missing password', { password: undefined }, 'password', MSG.campoRequerido],
    ['a password of 7 characters', { password: 'Corta-1' }, 'password', MSG.passwordCorta],
    ['a password of 129 characters', { password: long(129) }, 'password', MSG.textoMuyLargo(128)],
    ['a missing rol', { rol: undefined }, 'rol', MSG.campoRequerido],
    ['an empty rol', { rol: '' }, 'rol', MSG.campoRequerido],
    ['an unknown rol', { rol: 'gerente' }, 'rol', MSG.rolInvalido],
    ['a rol that is a number', { rol: 3 }, 'rol', MSG.rolInvalido],
    ['a teléfono with letters', { rol: 'cliente', telefono: '0414-ABC' }, 'telefono', MSG.telefonoInvalido],
    [
      'a teléfono of 11 digits',
      { rol: 'cliente', telefono: '04141234567' },
      'telefono',
      MSG.telefonoInvalido,
    ],
    ['a cédula of 21 characters', { rol: 'cliente', cedula: long(21) }, 'cedula', MSG.textoMuyLargo(20)],
    [
      'a dirección of 256 characters',
      { rol: 'cliente', direccion: long(256) },
      'direccion',
      MSG.textoMuyLargo(255),
    ],
    ['a vendedor without cédula', { rol: 'vendedor', cedula: null }, 'cedula', MSG.datosVendedorRequeridos],
    [
      'a vendedor without dirección',
      { rol: 'vendedor', direccion: '' },
      'direccion',
      MSG.datosVendedorRequeridos,
    ],
    [
      'a supervisor without teléfono',
      { rol: 'supervisor', telefono: undefined },
      'telefono',
      MSG.datosVendedorRequeridos,
    ],
  ];

  it.each(INVALID)(
    'refuses %s with 422 and a Spanish message, creating nothing',
    async (_name, change, field, msg) => {
      const before = await snapshot(t.db);
      const response = await post(admin, { ...newUserBody('vendedor'), ...change });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toContainEqual({ loc: ['body', field], msg, type: expect.any(String) });
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  it('lists every missing seller field of a vendedor at once', async () => {
    const response = await post(
      admin,
      newUserBody('vendedor', { cedula: null, direccion: null, telefono: null }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual(
      ['cedula', 'direccion', 'telefono'].map((field) => ({
        loc: ['body', field],
        msg: MSG.datosVendedorRequeridos,
        type: 'custom',
      })),
    );
  });

  it('refuses a body that is a JSON array with 422 in Spanish', async () => {
    const before = await snapshot(t.db);
    const response = await post(admin, [newUserBody('cliente')]);
    expect(response.statusCode).toBe(422);
    const [issue] = response.json<{ detail: { msg: string }[] }>().detail;
    expect(issue?.msg).toMatch(/inválid|se esperaba/i);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a duplicate e-mail, whatever its case and spaces, with 409 and changes nothing', async () => {
    const existing = await createUser(t.app, admin, 'cliente');
    const before = await snapshot(t.db);
    for (const email of [existing.email, ` ${existing.email.toUpperCase()} `]) {
      const response = await post(admin, newUserBody('vendedor', { email }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'Ya existe un usuario con ese correo electrónico.' });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a duplicate user name (case-insensitive) with 409', async () => {
    const existing = await createUser(t.app, admin, 'cliente');
    const before = await snapshot(t.db);
    const response = await post(admin, newUserBody('cliente', { username: existing.username.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: MSG.usernameDuplicado });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a seller whose cédula another seller has with 409, leaving no user behind', async () => {
    const existing = await createUser(t.app, admin, 'vendedor');
    const before = await snapshot(t.db);
    const body = newUserBody('supervisor', { cedula: existing.cedula });
    const response = await post(admin, body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: MSG.cedulaDuplicada });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await loginRequest(t.app, body.email, PASSWORD)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/usuarios/{id}', () => {
  it('changes name, e-mail and rol, answers the user and audits what changed', async () => {
    const user = await createUser(t.app, admin, 'cliente');
    const since = await lastAuditId(t.db);
    const changes = {
      username: `${user.username} Editado`,
      email: `editado-${user.email}`,
      rol: 'asistente',
    };
    const response = await put(admin, user.id, changes);
    expect(response.statusCode).toBe(200);
    expect(response.json<User>()).toMatchObject({ id: user.id, ...changes });
    expect((await listUsers()).find((u) => u.id === user.id)).toMatchObject(changes);
    const rows = await auditSince(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: ADMIN.username,
      rol: 'administrador',
      accion: 'actualizar_usuario',
    });
    expect(rows[0]?.descripcion).toContain(`rol cliente → asistente`);
    expect(rows[0]?.descripcion).toContain(`email ${user.email} → ${changes.email}`);
  });

  it('keeps the password when none or an empty one is sent, and replaces it when a new one is sent', async () => {
    const user = await createUser(t.app, admin, 'cliente');
    const same = { username: user.username, email: user.email, rol: 'cliente' };
    expect((await put(admin, user.id, { ...same, password: '' })).statusCode).toBe(200);
    expect((await put(admin, user.id, same)).statusCode).toBe(200);
    expect((await loginRequest(t.app, user.email, PASSWORD)).statusCode).toBe(200);
    expect((await put(admin, user.id, { ...same, password: 'Otra-clave-9' })).statusCode).toBe(200);
    expect((await loginRequest(t.app, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await loginRequest(t.app, user.email, 'Otra-clave-9')).statusCode).toBe(200);
  });

  it("changes the seller profile's nombre and e-mail with the user's", async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const changes = {
      username: `${seller.username} Renombrado`,
      email: `nuevo-${seller.email}`,
      rol: 'vendedor',
    };
    expect((await put(admin, seller.id, changes)).statusCode).toBe(200);
    expect((await listVendedores()).vendedores.find((v) => v.id === seller.id)).toMatchObject({
      nombre: changes.username,
      email: changes.email,
    });
  });

  it("changes the seller profile's cédula, dirección and teléfono when they are sent", async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const contact = { cedula: `E-${seller.id}99`, direccion: 'Calle Nueva 7', telefono: '4149876543' };
    const response = await put(admin, seller.id, {
      username: seller.username,
      email: seller.email,
      rol: 'vendedor',
      ...contact,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>()).toMatchObject(contact);
    expect((await listVendedores()).vendedores.find((v) => v.id === seller.id)).toMatchObject(contact);
  });

  it('refuses (409) a cédula another seller has, changing neither the user nor the profile', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const other = await createUser(t.app, admin, 'vendedor');
    const before = await snapshot(t.db);
    const response = await put(admin, seller.id, {
      username: seller.username,
      email: seller.email,
      rol: 'vendedor',
      cedula: other.cedula,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: MSG.cedulaDuplicada });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('gives a cliente promoted to vendedor a seller profile with the same id', async () => {
    const user = await createUser(t.app, admin, 'cliente');
    const response = await put(admin, user.id, {
      username: user.username,
      email: user.email,
      rol: 'vendedor',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>().vendedor_id).toBe(user.id);
    expect((await listVendedores()).vendedores.map((v) => v.id)).toContain(user.id);
  });

  it('lets an asistente edit a vendedor', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const response = await put(asistente.token, seller.id, {
      username: `${seller.username} B`,
      email: seller.email,
      rol: 'vendedor',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses (403) an asistente promoting a user to administrador, or editing an administrador', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const otherAdmin = await createUser(t.app, admin, 'administrador');
    const before = await snapshot(t.db);
    const promote = await put(asistente.token, seller.id, {
      username: seller.username,
      email: seller.email,
      rol: 'admin',
    });
    const edit = await put(asistente.token, otherAdmin.id, {
      username: 'Renombrado por asistente',
      email: otherAdmin.email,
      rol: 'administrador',
    });
    const demote = await put(asistente.token, otherAdmin.id, {
      username: otherAdmin.username,
      email: otherAdmin.email,
      rol: 'cliente',
    });
    for (const response of [promote, edit, demote]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        detail: 'Solo un administrador puede gestionar cuentas de administrador.',
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses an e-mail another user has with 409 and changes nothing', async () => {
    const user = await createUser(t.app, admin, 'vendedor');
    const other = await createUser(t.app, admin, 'cliente');
    const before = await snapshot(t.db);
    const response = await put(admin, user.id, {
      username: 'Nombre Nuevo',
      email: other.email,
      rol: 'vendedor',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Ya existe un usuario con ese correo electrónico.' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it.each([
    ['a missing username', { username: undefined }, 'username', MSG.campoRequerido],
    ['an invalid e-mail', { email: 'sin-arroba' }, 'email', MSG.emailInvalido],
    ['an unknown rol', { rol: 'jefe' }, 'rol', MSG.rolInvalido],
    ['a short password', { password: 'corta' }, 'password', MSG.passwordCorta],
    ['a username of 101 characters', { username: 'y'.repeat(101) }, 'username', MSG.textoMuyLargo(100)],
  ])('refuses %s with 422 in Spanish and changes nothing', async (_name, change, field, msg) => {
    const user = await createUser(t.app, admin, 'cliente');
    const before = await snapshot(t.db);
    const response = await put(admin, user.id, {
      username: user.username,
      email: user.email,
      rol: 'cliente',
      ...change,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual({ loc: ['body', field], msg, type: expect.any(String) });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers 404 in Spanish for a user that does not exist, and 422 for an id that is not a number', async () => {
    const body = { username: 'Nadie', email: 'nadie@test.local', rol: 'cliente' };
    const missing = await put(admin, 999999, body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: MSG.usuarioNoEncontrado });
    const notANumber = await put(admin, 'abc', body);
    expect(notANumber.statusCode).toBe(422);
    expect(notANumber.json().detail[0].loc).toEqual(['params', 'id']);
  });
});

describe('PUT /api/v1/usuarios/{id}/active', () => {
  it('deactivates a seller (user and profile), who can no longer sign in, and reactivates it; each change audited', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const since = await lastAuditId(t.db);
    const off = await setActive(admin, seller.id, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<User>().is_active).toBe(false);
    expect((await listVendedores()).vendedores.find((v) => v.id === seller.id)?.is_active).toBe(false);
    const refused = await loginRequest(t.app, seller.email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: MSG.usuarioInactivo,
      mensaje: MSG.errorLogin,
      error: MSG.usuarioInactivo,
    });

    const on = await setActive(admin, seller.id, { is_active: true });
    expect(on.json<User>().is_active).toBe(true);
    expect((await listVendedores()).vendedores.find((v) => v.id === seller.id)?.is_active).toBe(true);
    expect((await loginRequest(t.app, seller.email, PASSWORD)).statusCode).toBe(200);
    expect((await auditSince(t.db, since)).map((row) => row.accion)).toEqual([
      'desactivar_usuario',
      'activar_usuario',
    ]);
  });

  it('refuses deactivating yourself with 400 in Spanish', async () => {
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(asistente.token) })
    ).json<User>();
    const before = await snapshot(t.db);
    const response = await setActive(asistente.token, me.id, { is_active: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MSG.noDesactivarseASiMismo });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses (403) an asistente deactivating an administrador', async () => {
    const otherAdmin = await createUser(t.app, admin, 'administrador');
    const before = await snapshot(t.db);
    const response = await setActive(asistente.token, otherAdmin.id, { is_active: false });
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it.each([
    ['is_active missing', {}],
    ['is_active as text', { is_active: 'si' }],
    ['is_active as a number', { is_active: 0 }],
  ])('refuses %s with 422 in Spanish', async (_name, payload) => {
    const user = await createUser(t.app, admin, 'cliente');
    const before = await snapshot(t.db);
    const response = await setActive(admin, user.id, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      { loc: ['body', 'is_active'], msg: MSG.campoRequerido, type: 'invalid_type' },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers 404 for a user that does not exist', async () => {
    const response = await setActive(admin, 999999, { is_active: true });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MSG.usuarioNoEncontrado });
  });
});

describe('DELETE /api/v1/usuarios/{id}', () => {
  it('deletes a user without history, with its seller profile, and audits it', async () => {
    const seller = await createUser(t.app, admin, 'vendedor');
    const since = await lastAuditId(t.db);
    const response = await remove(admin, seller.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mensaje: 'Usuario eliminado exitosamente' });
    expect((await listUsers()).map((u) => u.id)).not.toContain(seller.id);
    expect((await listVendedores()).vendedores.map((v) => v.id)).not.toContain(seller.id);
    expect((await loginRequest(t.app, seller.email, PASSWORD)).statusCode).toBe(401);
    const rows = await auditSince(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accion: 'eliminar_usuario', username: ADMIN.username });
    expect(rows[0]?.descripcion).toContain(seller.email);
  });

  it('leaves the sellers of a deleted supervisor without supervisor', async () => {
    const supervisor = await createUser(t.app, admin, 'supervisor');
    const seller = await createUser(t.app, admin, 'vendedor');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/vendedores/${seller.id}`,
      headers: bearer(admin),
      payload: { supervisor_id: supervisor.id },
    });
    expect((await remove(admin, supervisor.id)).statusCode).toBe(200);
    expect((await listVendedores()).vendedores.find((v) => v.id === seller.id)).toMatchObject({
      supervisor_id: null,
      supervisor_nombre: null,
    });
  });

  it.each([
    ['has a client', async (id: number) => void (await insertCliente(t.db, id))],
    [
      'supervises a request',
      async (id: number) => {
        const other = await createUser(t.app, admin, 'vendedor');
        const cliente = await insertCliente(t.db, other.id);
        await insertSolicitud(t.db, {
          clienteId: cliente.id,
          vendedorId: other.id,
          supervisorId: id,
          fechaVencimiento: daysFromNow(3),
        });
      },
    ],
  ])('refuses (409) deleting a seller who %s and suggests deactivating it', async (_name, giveHistory) => {
    const seller = await createUser(t.app, admin, 'supervisor');
    await giveHistory(seller.id);
    const before = await snapshot(t.db);
    const response = await remove(admin, seller.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail:
        'El usuario tiene clientes o ventas registradas y no puede eliminarse. Desactívelo en su lugar.',
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses deleting yourself with 400 in Spanish', async () => {
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(admin) })
    ).json<User>();
    const before = await snapshot(t.db);
    const response = await remove(admin, me.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MSG.noEliminarseASiMismo });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses (403) an asistente deleting an administrador', async () => {
    const otherAdmin = await createUser(t.app, admin, 'administrador');
    const before = await snapshot(t.db);
    const response = await remove(asistente.token, otherAdmin.id);
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers 404 for a user that does not exist', async () => {
    const response = await remove(admin, 999999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MSG.usuarioNoEncontrado });
  });
});

describe('the last active administrador', () => {
  // A database of its own: these tests need to know exactly which administradores exist.
  let own: TestApp;
  let first: string;
  let firstId: number;
  beforeAll(async () => {
    own = await createTestApp();
    first = await adminToken(own.app);
    firstId = (
      await own.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(first) })
    ).json<User>().id;
  });
  afterAll(() => own.close());

  const demoteSelf = (token: string, id: number) =>
    own.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${id}`,
      headers: bearer(token),
      payload: { username: ADMIN.username, email: ADMIN.email, rol: 'asistente' },
    });

  it('cannot demote themself (409 in Spanish) while no other administrador is active', async () => {
    const other = await createUser(own.app, first, 'administrador');
    expect(
      (
        await own.app.inject({
          method: 'PUT',
          url: `/api/v1/usuarios/${other.id}/active`,
          headers: bearer(first),
          payload: { is_active: false },
        })
      ).statusCode,
    ).toBe(200);
    const before = await snapshot(own.db);
    const response = await demoteSelf(first, firstId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: MSG.ultimoAdministrador });
    expect(await snapshot(own.db)).toEqual(before);
  });

  type Target = { id: number; username: string; email: string };
  const CHANGES: Record<string, (target: Target) => InjectOptions> = {
    deactivate: ({ id }) => ({
      method: 'PUT',
      url: `/api/v1/usuarios/${id}/active`,
      payload: { is_active: false },
    }),
    delete: ({ id }) => ({ method: 'DELETE', url: `/api/v1/usuarios/${id}` }),
    demote: ({ id, username, email }) => ({
      method: 'PUT',
      url: `/api/v1/usuarios/${id}`,
      payload: { username, email, rol: 'asistente' },
    }),
  };

  // On PostgreSQL both checks could see the other administrador still active (write skew).
  it.each(Object.keys(CHANGES))(
    'keeps exactly one active administrador when the only two %s each other at the same moment',
    async (change) => {
      const race = await createTestApp();
      try {
        const a = await adminToken(race.app);
        const aUser = (
          await race.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(a) })
        ).json<User>();
        const b = await userWithRole(race.app, a, 'administrador');
        const build = CHANGES[change]!;
        const responses = await Promise.all([
          race.app.inject({ ...build(b), headers: bearer(a) }),
          race.app.inject({ ...build(aUser), headers: bearer(b.token) }),
        ]);
        expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
        const active = (await race.db.query.usuarios.findMany()).filter(
          (user) => user.rol === 'administrador' && user.isActive,
        );
        expect(active).toHaveLength(1);
      } finally {
        await race.close();
      }
    },
  );
});
