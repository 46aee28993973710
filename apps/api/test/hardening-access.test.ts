import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLES, type Rol } from '@camposanto/domain';
import { buildApp } from '../src/app';
import { requireRoles } from '../src/plugins/auth';
import type { RouteAccess } from '../src/plugins/route-access';
import { adminToken, bearer, login, userWithRole, usersOfEveryRole, type TestUser } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';
import { craftToken, decodeClaims, OTHER_SECRET } from './helpers/tokens';

// Issue 11, kept closed by tests: deny by default, and the route × role matrix generated from the route
// table (every route the app registers, as each role and with each kind of invalid session), plus
// defect 10 (every answer of our routes is `Cache-Control: no-store`).

/** The routes anyone may call: each one is a decision, so a new one must be added here on purpose. */
const PUBLIC_ROUTES = [
  'GET /health',
  'GET /ready',
  // Issue 16 (decision 027): loopback or METRICS_TOKEN, checked by the route itself (metricas.test.ts).
  'GET /metrics',
  'GET /api/v1/verificar-admin',
  'POST /api/v1/crear-admin',
  'POST /api/v1/login',
  'POST /api/v1/solicitudes/procesar-solicitudes-caducadas',
];

let t: TestApp;
let users: Record<Rol, TestUser>;
/** Every kind of invalid session, built on an administrador's claims so that only the token is at fault. */
let invalidSessions: Record<string, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t.app);
  users = await usersOfEveryRole(t.app, admin);
  const other = await userWithRole(t.app, admin, 'administrador');
  const stale = other.token;
  await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(stale) });
  const claims = decodeClaims(admin);
  const now = Math.floor(Date.now() / 1000);
  invalidSessions = {
    'no token': {},
    'an expired token': bearer(
      craftToken({ ...claims, iat: now - 120, exp: now - 60 }, { secret: t.config.jwtSecret }),
    ),
    'a token with alg none': bearer(craftToken(claims, { secret: t.config.jwtSecret, alg: 'none' })),
    'a token signed with another secret': bearer(craftToken(claims, { secret: OTHER_SECRET })),
    'a token of an earlier session (stale token version)': bearer(stale),
  };
});
afterAll(() => t?.close());

/** Our routes (not the docs' own), once each: HEAD answers as its GET does. */
function apiRoutes(app: FastifyInstance): RouteAccess[] {
  return app.routeAccess.filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/docs'));
}

const nameOf = (route: RouteAccess) => `${route.method} ${route.url}`;

/**
 * A request with the smallest input: an empty JSON body, unknown ids, and the caller's own id where the
 * route names a seller (another seller's data is a 403 of ownership, not of role).
 */
function requestOf(route: RouteAccess, headers: Record<string, string>, callerId = 999999): InjectOptions {
  const url = route.url
    .replace(/:moneda\b/, 'usd')
    .replace(/:(sellerId|promotorId|vendedorId)\b/, String(callerId))
    .replace(/:[A-Za-z_]+/g, '999999');
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return {
    method: route.method as InjectOptions['method'],
    url,
    headers,
    ...(hasBody ? { payload: {} } : {}),
  };
}

function expectNoStore(response: LightMyRequestResponse, name: string) {
  expect(response.headers['cache-control'], `${name} Cache-Control`).toBe('no-store');
}

describe('deny by default', () => {
  it('refuses to register a route with neither a role guard nor a public mark', async () => {
    const app = await buildApp({ config: t.config, db: t.db });
    try {
      expect(() => app.get('/api/v1/sin-guardia', async () => ({ abierto: true }))).toThrow(
        'GET /api/v1/sin-guardia: a route needs a role guard (requireRoles) or config.public',
      );
      expect(() =>
        app.get('/api/v1/con-guardia', { onRequest: requireRoles(app) }, async () => ({})),
      ).not.toThrow();
      expect(() => app.get('/api/v1/publica', { config: { public: true } }, async () => ({}))).not.toThrow();
    } finally {
      await app.close();
    }
  });

  it('every route of the table is guarded by roles, or is one of the public routes listed here', () => {
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(74);
    const publicOnes = routes.filter((route) => route.roles === 'public').map(nameOf);
    expect(publicOnes.sort()).toEqual([...PUBLIC_ROUTES].sort());
    for (const route of routes.filter((entry) => entry.roles !== 'public'))
      expect((route.roles as Rol[]).length, nameOf(route)).toBeGreaterThan(0);
  });
});

describe('route × role matrix', () => {
  it('answers each guarded route 401 to every invalid session, 403 to a role not allowed, and neither to an allowed one', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of apiRoutes(t.app)) {
      const name = nameOf(route);
      if (route.roles === 'public') continue;
      for (const [kind, headers] of Object.entries(invalidSessions)) {
        const response = await t.app.inject(requestOf(route, headers));
        calls += 1;
        const expected = kind === 'no token' ? MSG.sinToken : MSG.tokenInvalido;
        if (response.statusCode !== 401 || response.json().detail !== expected)
          failures.push(`${name} with ${kind}: ${response.statusCode} ${response.body}`);
        expectNoStore(response, name);
      }
      for (const rol of ROLES) {
        const isAllowed = route.roles.includes(rol);
        const response = await t.app.inject(requestOf(route, bearer(users[rol].token), users[rol].id));
        calls += 1;
        if (route.url === '/api/v1/logout' && isAllowed)
          users[rol].token = await login(t.app, users[rol].email);
        expectNoStore(response, name);
        const status = response.statusCode;
        if (!isAllowed && (status !== 403 || response.json().detail !== MSG.sinPermiso))
          failures.push(`${name} as ${rol} (not allowed): ${status} ${response.body}`);
        if (isAllowed && (status === 401 || status === 403 || status >= 500))
          failures.push(`${name} as ${rol} (allowed): ${status} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(600);
  });

  it('answers each public route without 401 or 5xx, whatever the session', async () => {
    const failures: string[] = [];
    const sessions = [...Object.values(invalidSessions), ...ROLES.map((rol) => bearer(users[rol].token))];
    for (const route of apiRoutes(t.app).filter((entry) => entry.roles === 'public')) {
      for (const headers of sessions) {
        const response = await t.app.inject(requestOf(route, headers));
        expectNoStore(response, nameOf(route));
        if (response.statusCode === 401 || response.statusCode >= 500)
          failures.push(`${nameOf(route)}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
