import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type User } from '@camposanto/domain';
import { intentosLogin } from '../src/db/schema';
import {
  ADMIN,
  adminToken,
  bearer,
  createUser,
  login,
  loginRequest,
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

  describe('throttling of one user name: 10 failures in 15 minutes', () => {
    const fail = async (username: string, times: number) => {
      for (let attempt = 0; attempt < times; attempt += 1) {
        expect((await loginRequest(t.app, username, `mala-${attempt}`)).statusCode).toBe(401);
      }
    };
    const tooMany = loginFailure('Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.');

    it('answers 429 to the 11th attempt even with the right password; other user names are unaffected', async () => {
      const target = await createUser(t.app, admin, 'vendedor');
      const bystander = await createUser(t.app, admin, 'vendedor');
      await fail(target.email, 10);
      const eleventh = await loginRequest(t.app, target.email, PASSWORD);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual(tooMany);
      expect((await loginRequest(t.app, bystander.email, PASSWORD)).statusCode).toBe(200);
      // The same person under another identifier is a different user name for the counter.
      expect((await loginRequest(t.app, target.username, PASSWORD)).statusCode).toBe(200);
    });

    it('counts failures whatever the case of the user name', async () => {
      const target = await createUser(t.app, admin, 'cliente');
      await fail(target.email.toUpperCase(), 10);
      expect((await loginRequest(t.app, target.email, PASSWORD)).statusCode).toBe(429);
    });

    it('throttles a user name that does not exist as well, so that it gives no hint', async () => {
      const ghost = `fantasma${unique()}@test.local`;
      await fail(ghost, 10);
      const response = await loginRequest(t.app, ghost, PASSWORD);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual(tooMany);
    });

    it('allows nine failures, and a successful sign-in starts the count again', async () => {
      const target = await createUser(t.app, admin, 'cliente');
      await fail(target.email, 9);
      expect((await loginRequest(t.app, target.email, PASSWORD)).statusCode).toBe(200);
      await fail(target.email, 9);
      expect((await loginRequest(t.app, target.email, PASSWORD)).statusCode).toBe(200);
    });

    it('forgets failures older than 15 minutes', async () => {
      const target = await createUser(t.app, admin, 'cliente');
      const failuresAt = (minutesAgo: number) =>
        Array.from({ length: 10 }, () => ({
          username: target.email,
          fecha: sql`now() - make_interval(mins => ${minutesAgo})` as unknown as Date,
        }));
      await t.db.insert(intentosLogin).values(failuresAt(16));
      expect((await loginRequest(t.app, target.email, PASSWORD)).statusCode).toBe(200);
      await t.db.insert(intentosLogin).values(failuresAt(14));
      expect((await loginRequest(t.app, target.email, PASSWORD)).statusCode).toBe(429);
    });
  });

  it('limits one address to 30 sign-in attempts a minute (429 in Spanish); another address is unaffected', async () => {
    const address = '192.0.2.77';
    const user = await userWithRole(t.app, admin, 'cliente');
    for (let attempt = 0; attempt < 30; attempt += 1) {
      // A new user name each time, so that the per-user-name throttling stays out of the way.
      const response = await loginRequest(t.app, `desconocido${attempt}-${unique()}`, 'mala', address);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await loginRequest(t.app, user.email, PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(loginFailure(MSG.demasiadasSolicitudes));
    expect((await loginRequest(t.app, user.email, PASSWORD, '192.0.2.78')).statusCode).toBe(200);
  });
});
