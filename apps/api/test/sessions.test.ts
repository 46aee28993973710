import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, ROLES, type User } from '@camposanto/domain';
import { adminToken, bearer, login, loginRequest, PASSWORD, userWithRole } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';
import { decodeClaims } from './helpers/tokens';

// DESIGN §5 Sessions: a per-user token version revokes every earlier token at once.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t?.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
const expectRevoked = async (token: string) => {
  const response = await me(token);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ detail: MSG.tokenInvalido });
};
const setActive = (id: number, isActive: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/usuarios/${id}/active`,
    headers: bearer(admin),
    payload: { is_active: isActive },
  });

describe('the token', () => {
  it('carries sub, supervisor_id, email, rol, usuario and an expiry of TOKEN_TTL (8 h by default)', async () => {
    const seller = await userWithRole(t.app, admin, 'vendedor');
    const claims = decodeClaims(seller.token);
    expect(claims).toMatchObject({
      sub: String(seller.id),
      supervisor_id: null,
      email: seller.email,
      rol: 'vendedor',
      usuario: seller.username,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(8 * 60 * 60);
  });

  it('GET /api/v1/me answers the signed-in user', async () => {
    const cliente = await userWithRole(t.app, admin, 'cliente');
    const response = await me(cliente.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<User>()).toMatchObject({ id: cliente.id, email: cliente.email, rol: 'cliente' });
  });

  it('is read from `Bearer <token>` with one space only, before and after its claims are kept', async () => {
    const cliente = await userWithRole(t.app, admin, 'cliente');
    const asWritten = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
    for (let call = 0; call < 2; call += 1) {
      expect((await asWritten(`bearer ${cliente.token}`)).statusCode).toBe(200);
      for (const authorization of [
        `Bearer  ${cliente.token}`,
        `Bearer\t${cliente.token}`,
        `Bearer ${cliente.token} x`,
      ]) {
        const response = await asWritten(authorization);
        expect(response.statusCode, authorization).toBe(401);
        expect(response.json()).toEqual({ detail: MSG.tokenInvalido });
      }
    }
  });
});

describe('revocation', () => {
  it.each(ROLES.filter((rol) => rol !== 'administrador'))(
    'signing out (204) revokes every token of a %s, and a new sign-in works',
    async (rol) => {
      const user = await userWithRole(t.app, admin, rol);
      const otherDevice = await login(t.app, user.email);
      const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(user.token) });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      await expectRevoked(user.token);
      await expectRevoked(otherDevice);
      expect((await me(await login(t.app, user.email))).statusCode).toBe(200);
    },
  );

  it('signing out twice with the same token answers 401 the second time', async () => {
    const user = await userWithRole(t.app, admin, 'vendedor');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(user.token) })).statusCode,
    ).toBe(204);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(user.token) });
    expect(again.statusCode).toBe(401);
  });

  it('signing out revokes only that user’s tokens', async () => {
    const leaving = await userWithRole(t.app, admin, 'vendedor');
    const staying = await userWithRole(t.app, admin, 'vendedor');
    await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(leaving.token) });
    expect((await me(staying.token)).statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('deactivation revokes the user’s tokens; after reactivation the old token stays refused and a new sign-in works', async () => {
    const user = await userWithRole(t.app, admin, 'supervisor');
    expect((await setActive(user.id, false)).statusCode).toBe(200);
    await expectRevoked(user.token);
    expect((await loginRequest(t.app, user.email, PASSWORD)).statusCode).toBe(403);
    expect((await setActive(user.id, true)).statusCode).toBe(200);
    await expectRevoked(user.token);
    expect((await me(await login(t.app, user.email))).statusCode).toBe(200);
  });

  it('a password change revokes the user’s tokens', async () => {
    const user = await userWithRole(t.app, admin, 'asistente');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${user.id}`,
      headers: bearer(admin),
      payload: { username: user.username, email: user.email, rol: 'asistente', password: 'Nueva-clave-77' },
    });
    expect(response.statusCode).toBe(200);
    await expectRevoked(user.token);
    expect((await me(await login(t.app, user.email, 'Nueva-clave-77'))).statusCode).toBe(200);
  });

  it('a role change revokes the user’s tokens, and the next token carries the new rol', async () => {
    const user = await userWithRole(t.app, admin, 'asistente');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${user.id}`,
      headers: bearer(admin),
      payload: { username: user.username, email: user.email, rol: 'cliente' },
    });
    expect(response.statusCode).toBe(200);
    await expectRevoked(user.token);
    const fresh = await login(t.app, user.email);
    expect(decodeClaims(fresh).rol).toBe('cliente');
    // The old asistente token can no longer reach the users list.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/usuarios', headers: bearer(user.token) }))
        .statusCode,
    ).toBe(401);
  });

  it('a change of name only keeps the user’s session', async () => {
    const user = await userWithRole(t.app, admin, 'cliente');
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${user.id}`,
      headers: bearer(admin),
      payload: { username: `${user.username} Nuevo`, email: user.email, rol: 'cliente' },
    });
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('deleting a user revokes its tokens', async () => {
    const user = await userWithRole(t.app, admin, 'cliente');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/usuarios/${user.id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    await expectRevoked(user.token);
  });

  it('refuses a token signed by the app with a one-second expiry once that second has passed', async () => {
    const user = await userWithRole(t.app, admin, 'vendedor');
    const { sub, email, rol, usuario, ver } = decodeClaims(user.token);
    // Only the clock moves (no waiting, whatever the machine's load): frozen while the token is signed and
    // used, then 1.5 s later.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const claims = { sub, supervisor_id: null, email, rol, usuario, ver };
      const shortLived = await t.app.jwt.sign(claims, { expiresIn: 1 });
      expect((await me(shortLived)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 1_500);
      await expectRevoked(shortLived);
    } finally {
      vi.useRealTimers();
    }
  });
});

// Issue 12, decision 038: on PGlite the rows the session check reads are kept in memory, and forgotten when the
// database announces a change (migration 0013's triggers). Changes made outside the services must be seen too.
describe('the session check after a change made straight in the database', () => {
  const salesList = (user: { id: number; token: string }) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/clientes/lista/${user.id}?page=1&per_page=25`,
      headers: bearer(user.token),
    });
  const statement = (text: ReturnType<typeof sql>) => t.db.execute(text);

  it('refuses the token at the next request once its token version is raised', async () => {
    const user = await userWithRole(t.app, admin, 'vendedor');
    for (let call = 0; call < 2; call += 1) expect((await me(user.token)).statusCode).toBe(200);
    await statement(sql`update usuarios set token_version = token_version + 1 where id = ${user.id}`);
    await expectRevoked(user.token);
  });

  it('refuses the token at the next request once the user is deactivated', async () => {
    const user = await userWithRole(t.app, admin, 'supervisor');
    for (let call = 0; call < 2; call += 1) expect((await me(user.token)).statusCode).toBe(200);
    await statement(sql`update usuarios set is_active = false where id = ${user.id}`);
    await expectRevoked(user.token);
  });

  it('applies a new role at the next request (403 on a sellers’ list once a vendedor is a cliente)', async () => {
    const user = await userWithRole(t.app, admin, 'vendedor');
    for (let call = 0; call < 2; call += 1) expect((await salesList(user)).statusCode).toBe(200);
    await statement(sql`update usuarios set rol = 'cliente' where id = ${user.id}`);
    const refused = await salesList(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MSG.sinPermiso });
  });

  it('keeps the session when the change is rolled back', async () => {
    const user = await userWithRole(t.app, admin, 'vendedor');
    expect((await me(user.token)).statusCode).toBe(200);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update usuarios set token_version = token_version + 1 where id = ${user.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await me(user.token)).statusCode).toBe(200);
  });
});
