import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminToken, bearer, login } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('sign-in and first administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports no administrator on an empty database, then creates the first one once', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/verificar-admin' });
    expect(before.json()).toEqual({ admin_creado: false });
    const token = await adminToken(t.app);
    expect(token).toMatch(/^ey/);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/verificar-admin' });
    expect(after.json()).toEqual({ admin_creado: true });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/crear-admin',
      payload: { ...ADMIN, email: 'otro@test.local' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().detail).toBe('Ya existe un administrador. Inicie sesión.');
  });

  it('signs in by e-mail or user name and refuses a wrong password with mensaje and error', async () => {
    expect(await login(t.app, ADMIN.username, ADMIN.password)).toMatch(/^ey/);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: 'username=admin%40test.local&password=mala',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: 'Usuario o contraseña incorrectos.',
      mensaje: 'Error al iniciar sesión',
      error: 'Usuario o contraseña incorrectos.',
    });
  });

  it('refuses a token after sign-out', async () => {
    const token = await login(t.app, ADMIN.email, ADMIN.password);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });
});
