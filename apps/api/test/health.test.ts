import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/client';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** An application over a database that fails, or that never answers, as a stalled server would. */
async function appOver(db: object) {
  return buildApp({ config: t.config, db: db as unknown as Db });
}
const unreachable = { execute: () => Promise.reject(new Error('connect ECONNREFUSED')) };
const stalled = { execute: () => new Promise<never>(() => undefined) };

describe('GET /health (liveness)', () => {
  it('answers ok', async () => {
    const response = await t.app.inject('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['cannot be reached', unreachable],
    ['does not answer', stalled],
  ])('answers ok at once while the database %s: it never touches the database', async (_name, db) => {
    const app = await appOver(db);
    try {
      const started = performance.now();
      const response = await app.inject('/health');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(performance.now() - started).toBeLessThan(500);
    } finally {
      await app.close();
    }
  });
});

describe('GET /ready (readiness)', () => {
  it('reports the database reachable', async () => {
    const response = await t.app.inject('/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it.each([
    ['cannot be reached', unreachable, 0],
    ['does not answer within 2 s', stalled, 2000],
  ])('answers 503 when the database %s', async (_name, db, waitMs) => {
    const app = await appOver(db);
    try {
      const started = performance.now();
      const response = await app.inject('/ready');
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'sin conexión' });
      expect(elapsed).toBeGreaterThanOrEqual(waitMs - 50);
      expect(elapsed).toBeLessThan(waitMs + 1000);
    } finally {
      await app.close();
    }
  });
});

describe('GET /docs/json (OpenAPI)', () => {
  // Every route of the foundation issue, with its methods (DESIGN §3: every route is in the document).
  const FOUNDATION: Record<string, string[]> = {
    '/health': ['get'],
    '/ready': ['get'],
    '/api/v1/login': ['post'],
    '/api/v1/logout': ['post'],
    '/api/v1/me': ['get'],
    '/api/v1/verificar-admin': ['get'],
    '/api/v1/crear-admin': ['post'],
    '/api/v1/usuarios': ['get'],
    '/api/v1/usuarios/': ['post'],
    '/api/v1/usuarios/{id}': ['put', 'delete'],
    '/api/v1/usuarios/{id}/active': ['put'],
    '/api/v1/vendedores': ['get'],
    '/api/v1/vendedores/{id}': ['put'],
    '/api/v1/admin/auditoria': ['get'],
    '/api/v1/vendedores/ventas/dashboard': ['get'],
    '/api/v1/tasa-cambio': ['get', 'put'],
    '/v1/dolares/oficial': ['get'],
    '/api/v1/solicitudes/procesar-solicitudes-caducadas': ['post'],
  };

  it('documents every route of the foundation with its methods', async () => {
    const response = await t.app.inject('/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, methods] of Object.entries(FOUNDATION)) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods));
    }
  });

  it('describes the login form and the user body with their fields', async () => {
    const doc = (await t.app.inject('/docs/json')).json();
    const login =
      doc.paths['/api/v1/login'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(Object.keys(login.properties)).toEqual(expect.arrayContaining(['username', 'password']));
    const user = doc.paths['/api/v1/usuarios/'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(user.properties)).toEqual(
      expect.arrayContaining(['username', 'email', 'rol', 'password', 'cedula', 'direccion', 'telefono']),
    );
  });

  it('serves the interactive documentation at /docs', async () => {
    const response = await t.app.inject('/docs/');
    expect([200, 302]).toContain(response.statusCode);
  });
});

describe('security headers', () => {
  it('sends helmet’s headers with a content security policy', async () => {
    const response = await t.app.inject('/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends the same headers on every answer, a refused one and a route that does not exist included', async () => {
    const names = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ];
    const headersOf = async (url: string) => {
      const response = await t.app.inject(url);
      return { status: response.statusCode, headers: names.map((name) => response.headers[name]) };
    };
    const health = await headersOf('/health');
    expect(health.headers.every((value) => typeof value === 'string' && value.length > 0)).toBe(true);
    expect(health.headers[0]).toContain("frame-src 'self' blob:");
    expect(await headersOf('/api/v1/admin/solicitudes')).toEqual({ status: 401, headers: health.headers });
    expect(await headersOf('/api/v1/no-existe')).toEqual({ status: 404, headers: health.headers });
  });
});
