import { and, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type User } from '@camposanto/domain';
import { auditoria } from '../src/db/schema';
import {
  ADMIN,
  adminToken,
  bearer,
  createUser,
  login,
  loginRequest,
  newUserBody,
  PASSWORD,
  unique,
  userWithRole,
} from './helpers/auth';
import { auditSince, snapshot } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

const loginFailure = (detail: string) => ({ detail, mensaje: 'Error al iniciar sesión', error: detail });

describe('POST /api/v1/crear-admin and GET /api/v1/verificar-admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const long = (n: number) => 'a'.repeat(n);
  it.each([
    ['a missing username', { username: undefined }, 'username', MSG.campoRequerido],
    ['a username of 101 characters', { username: long(101) }, 'username', MSG.textoMuyLargo(100)],
    ['a missing e-mail', { email: undefined }, 'email', MSG.campoRequerido],
    ['an invalid e-mail', { email: 'admin.test.local' }, 'email', MSG.emailInvalido],
    ['a missing password', { password: undefined }, 'password', MSG.campoRequerido],
    ['a password of 7 characters', { password: 'Corta-1' }, 'password', MSG.passwordCorta],
    ['a password that is a number', { password: 12345678 }, 'password', MSG.campoRequerido],
  ])('refuses %s with 422 in Spanish and creates no administrador', async (_name, change, field, msg) => {
    const before = await snapshot(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/crear-admin',
      payload: { ...ADMIN, ...change },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual({ loc: ['body', field], msg, type: expect.any(String) });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('creates exactly one administrador when several first-administrator requests arrive at once', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/verificar-admin' })).json()).toEqual({
      admin_creado: false,
    });
    const attempts = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/crear-admin',
          // The rol sent is ignored: the first user is always an administrador.
          payload: {
            username: `Primer Admin ${n}`,
            email: `primer${n}@test.local`,
            password: PASSWORD,
            rol: 'vendedor',
          },
        }),
      ),
    );
    const created = attempts.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(1);
    for (const refused of attempts.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Ya existe un administrador. Inicie sesión.' });
    }
    const user = created[0]?.json<User>();
    expect(user).toMatchObject({ rol: 'administrador', is_active: true, vendedor_id: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/verificar-admin' })).json()).toEqual({
      admin_creado: true,
    });
    const administradores = (await t.db.query.usuarios.findMany()).filter(
      (row) => row.rol === 'administrador',
    );
    expect(administradores.map((row) => row.id)).toEqual([user?.id]);
    const rows = (await auditSince(t.db, 0)).filter((row) => row.accion === 'crear_administrador');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: user?.username, rol: 'administrador', usuarioId: user?.id });
    expect(await login(t.app, user?.email ?? '')).toMatch(/^ey/);
  });
});

describe('POST /api/v1/login', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t?.close());

  it('answers a bearer token to the user name or e-mail, in any case and with surrounding spaces', async () => {
    for (const username of [
      ADMIN.email,
      ADMIN.username,
      `  ${ADMIN.username.toUpperCase()} `,
      ADMIN.email.toUpperCase(),
    ]) {
      const response = await loginRequest(t.app, username, ADMIN.password);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ access_token: expect.stringMatching(/^ey/), token_type: 'bearer' });
    }
  });

  it('refuses a wrong password and an unknown user with the same 401, carrying mensaje and error', async () => {
    const wrongPassword = await loginRequest(t.app, ADMIN.email, 'mala-clave');
    const unknownUser = await loginRequest(t.app, 'nadie@test.local', ADMIN.password);
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(loginFailure('Usuario o contraseña incorrectos.'));
    }
  });

  it('refuses an inactive user with 403 and its message, only when the password is right', async () => {
    const user = await createUser(t.app, admin, 'vendedor');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${user.id}/active`,
      headers: bearer(admin),
      payload: { is_active: false },
    });
    const right = await loginRequest(t.app, user.email, PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual(
      loginFailure('El usuario está desactivado. Comuníquese con administración.'),
    );
    expect((await loginRequest(t.app, user.email, 'otra-clave')).statusCode).toBe(401);
  });

  it.each([
    ['a missing username', { password: PASSWORD }, 'username', MSG.campoRequerido],
    ['a missing password', { username: 'alguien' }, 'password', MSG.campoRequerido],
    ['an empty password', { username: 'alguien', password: '' }, 'password', MSG.campoRequerido],
    [
      'a username of 255 characters',
      { username: 'u'.repeat(255), password: PASSWORD },
      'username',
      MSG.textoMuyLargo(254),
    ],
    [
      'a password of 129 characters',
      { username: 'alguien', password: 'p'.repeat(129) },
      'password',
      MSG.textoMuyLargo(128),
    ],
  ])('refuses %s with 422 in Spanish', async (_name, form, field, msg) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toContainEqual({ loc: ['body', field], msg, type: expect.any(String) });
  });

  it('signs an administrador out (204) and refuses the token afterwards', async () => {
    const other = await userWithRole(t.app, admin, 'admin');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(other.token) })).statusCode,
    ).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(other.token) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(other.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: MSG.tokenInvalido });
  });
});

describe('sign-in throttling by address and by account (issue 11 defect 6)', () => {
  // Small delays keep the file fast; the production defaults are 500 ms doubling up to 8 s.
  const THROTTLE = {
    LOGIN_FREE_FAILURES: '3',
    LOGIN_DELAY_BASE_MS: '5',
    LOGIN_DELAY_MAX_MS: '20',
    LOGIN_ADDRESS_MAX_FAILURES: '10',
  };
  const tooMany = loginFailure(MSG.demasiadosIntentos);
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ env: THROTTLE });
    admin = await adminToken(t.app);
  });
  afterAll(() => t?.close());

  const fail = async (username: string, times: number, address?: () => string) => {
    for (let attempt = 0; attempt < times; attempt += 1) {
      const response = await loginRequest(t.app, username, `mala-${attempt}`, address?.());
      expect(response.statusCode).toBe(401);
    }
  };
  /** The audit entries of throttled attempts at one identifier since `afterId`, oldest first. */
  const throttled = (identifier: string, afterId = 0) =>
    t.db
      .select({
        accion: auditoria.accion,
        descripcion: auditoria.descripcion,
        entidadId: auditoria.entidadId,
      })
      .from(auditoria)
      .where(
        and(
          gt(auditoria.id, afterId),
          like(auditoria.accion, 'inicio_sesion_%'),
          like(auditoria.descripcion, `%«${identifier.toLowerCase()}»%`),
        ),
      )
      .orderBy(auditoria.id);
  const delaysOf = (rows: { descripcion: string }[]) =>
    rows.map((row) => Number(/demorado (\d+) ms/.exec(row.descripcion)?.[1] ?? NaN));
  const lastAuditId = async () =>
    (await t.db.select({ id: auditoria.id }).from(auditoria).orderBy(auditoria.id)).at(-1)?.id ?? 0;

  it('refuses an address after 10 failures (429, even with the right password) and lets another address in', async () => {
    const target = await createUser(t.app, admin, 'vendedor');
    const attacker = '192.0.2.10';
    await fail(target.email, 10, () => attacker);
    const blocked = await loginRequest(t.app, target.email, PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    // Another account tried from the same address is refused too: the address is what is throttled.
    const bystander = await createUser(t.app, admin, 'cliente');
    expect((await loginRequest(t.app, bystander.email, PASSWORD, attacker)).statusCode).toBe(429);
    // The real user, from their own address, signs in (after the account's delay).
    const real = await loginRequest(t.app, target.email, PASSWORD, '198.51.100.20');
    expect(real.statusCode).toBe(200);
    const rows = await throttled(target.email);
    expect(rows.map((row) => row.accion)).toContain('inicio_sesion_rechazado');
    expect(rows.at(-1)).toMatchObject({ accion: 'inicio_sesion_demorado', entidadId: String(target.id) });
    expect(rows.at(-1)?.descripcion).toContain('desde 198.51.100.20');
  });

  it('never locks an account failed from many addresses: each attempt waits longer, up to the cap', async () => {
    const target = await createUser(t.app, admin, 'vendedor');
    await fail(target.email, 25);
    const since = await lastAuditId();
    const response = await loginRequest(t.app, target.email, PASSWORD);
    expect(response.statusCode).toBe(200);
    const all = await throttled(target.email);
    // Attempts 4, 5, 6, ... waited 5, 10, 20, 20, ... ms; none was refused.
    expect(all.every((row) => row.accion === 'inicio_sesion_demorado')).toBe(true);
    expect(delaysOf(all).slice(0, 4)).toEqual([5, 10, 20, 20]);
    expect(delaysOf(await throttled(target.email, since))).toEqual([20]);
  });

  it('counts the e-mail and the display name of one account together, in any case', async () => {
    const target = await createUser(t.app, admin, 'cliente');
    await fail(target.email.toUpperCase(), 2);
    await fail(target.username, 1);
    expect(await throttled(target.username)).toEqual([]);
    expect((await loginRequest(t.app, `  ${target.username} `, PASSWORD)).statusCode).toBe(200);
    const [row] = await throttled(target.username);
    expect(row?.descripcion).toContain('3 de la cuenta');
  });

  it('throttles a name that does not exist alike, so that it gives no hint', async () => {
    const ghost = `fantasma${unique()}@test.local`;
    await fail(ghost, 5);
    expect(delaysOf(await throttled(ghost))).toEqual([5, 10]);
  });

  it('clears the account count on the right password', async () => {
    const target = await createUser(t.app, admin, 'cliente');
    await fail(target.email, 4);
    expect((await loginRequest(t.app, target.email, PASSWORD)).statusCode).toBe(200);
    const since = await lastAuditId();
    await fail(target.email, 1);
    expect(await throttled(target.email, since)).toEqual([]);
  });

  it('limits one address to 30 sign-in attempts a minute whatever their outcome (429 in Spanish)', async () => {
    const address = '192.0.2.77';
    const user = await userWithRole(t.app, admin, 'cliente');
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await loginRequest(t.app, user.email, PASSWORD, address)).statusCode).toBe(200);
    }
    const blocked = await loginRequest(t.app, user.email, PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(loginFailure(MSG.demasiadasSolicitudes));
    expect((await loginRequest(t.app, user.email, PASSWORD, '192.0.2.78')).statusCode).toBe(200);
  });

  it('forgets failures after the window', async () => {
    const short = await createTestApp({ env: { ...THROTTLE, LOGIN_WINDOW_SECONDS: '1' } });
    try {
      const token = await adminToken(short.app);
      const target = await createUser(short.app, token, 'cliente');
      const address = '192.0.2.90';
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await loginRequest(short.app, target.email, 'mala', address);
      }
      expect((await loginRequest(short.app, target.email, PASSWORD, address)).statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await loginRequest(short.app, target.email, PASSWORD, address)).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe("a display name equal to another user's e-mail (login lookup stays deterministic)", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: bearer(admin), payload });

  it('is refused on create and on edit, as a user and as a seller, with 409 in Spanish, changing nothing', async () => {
    const owner = await createUser(t.app, admin, 'vendedor');
    const other = await createUser(t.app, admin, 'vendedor');
    const before = await snapshot(t.db);
    for (const attempt of [
      () =>
        send('POST', '/api/v1/usuarios/', newUserBody('cliente', { username: owner.email.toUpperCase() })),
      () =>
        send('PUT', `/api/v1/usuarios/${other.id}`, {
          username: owner.email,
          email: other.email,
          rol: 'vendedor',
        }),
      () => send('PUT', `/api/v1/vendedores/${other.id}`, { nombre: owner.email }),
    ]) {
      const response = await attempt();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: MSG.nombreEsCorreoDeOtro });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("refuses an e-mail equal to another user's display name the same way", async () => {
    const nameLikeEmail = `ana${unique()}@otro.local`;
    const owner = await createUser(t.app, admin, 'cliente', { username: nameLikeEmail });
    const other = await createUser(t.app, admin, 'vendedor');
    const before = await snapshot(t.db);
    for (const attempt of [
      () => send('POST', '/api/v1/usuarios/', newUserBody('cliente', { email: nameLikeEmail.toUpperCase() })),
      () =>
        send('PUT', `/api/v1/usuarios/${other.id}`, {
          username: other.username,
          email: nameLikeEmail,
          rol: 'vendedor',
        }),
      () => send('PUT', `/api/v1/vendedores/${other.id}`, { email: nameLikeEmail }),
    ]) {
      const response = await attempt();
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: MSG.correoEsNombreDeOtro });
    }
    expect(await snapshot(t.db)).toEqual(before);
    // A user's own e-mail as their display name is no ambiguity.
    const self = await send('PUT', `/api/v1/usuarios/${owner.id}`, {
      username: owner.email,
      email: owner.email,
      rol: 'cliente',
    });
    expect(self.statusCode).toBe(200);
  });
});
