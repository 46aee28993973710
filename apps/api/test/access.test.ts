import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLES, type Rol } from '@camposanto/domain';
import { adminToken, bearer, createUser, newUserBody, usersOfEveryRole, type TestUser } from './helpers/auth';
import { snapshot } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';
import { craftToken, decodeClaims, invalidAuthorizations } from './helpers/tokens';

// Who may call what (DESIGN §5 Authorisation on the server): every protected route of the foundation issue,
// called by every role, and by every kind of missing or invalid session.

const EVERYONE = ROLES;
const ADMINISTRATION: readonly Rol[] = ['administrador', 'asistente'];
const STAFF: readonly Rol[] = ['administrador', 'asistente', 'supervisor', 'vendedor'];

let accounts = 0;
/** A receiving account with a number of its own (issue 10). */
function newAccount() {
  accounts += 1;
  return {
    banco: 'Banesco',
    titular: 'Camposanto C.A.',
    numero_cuenta: `0134${String(accounts).padStart(16, '0')}`,
    rif: 'J-12345678-9',
  };
}

/** The user or seller a write route acts on. */
type Target = { id: number };

type Route = {
  name: string;
  allowed: readonly Rol[];
  /** The kind of user the route acts on: a new one for each allowed call, a shared one otherwise. */
  target?: 'cliente' | 'vendedor';
  request: (target: Target) => InjectOptions;
  /** The answer to an allowed role. */
  ok: number;
};

let t: TestApp;
let admin: string;
let users: Record<Rol, TestUser>;

let sharedTargets: Record<'cliente' | 'vendedor', Target>;

/** A refused call changes nothing, so it may aim at a shared target; an allowed one gets its own. */
async function targetFor(route: Route, isAllowed: boolean): Promise<Target> {
  if (!route.target) return { id: 0 };
  return isAllowed ? createUser(t.app, admin, route.target) : sharedTargets[route.target];
}

const ROUTES: Route[] = [
  {
    name: 'GET /api/v1/me',
    allowed: EVERYONE,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/me' }),
  },
  {
    name: 'GET /api/v1/usuarios',
    allowed: ADMINISTRATION,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/usuarios' }),
  },
  {
    name: 'POST /api/v1/usuarios/',
    allowed: ADMINISTRATION,
    ok: 200,
    request: () => ({ method: 'POST', url: '/api/v1/usuarios/', payload: newUserBody('vendedor') }),
  },
  {
    name: 'PUT /api/v1/usuarios/{id}',
    allowed: ADMINISTRATION,
    ok: 200,
    target: 'cliente',
    request: ({ id }) => ({ method: 'PUT', url: `/api/v1/usuarios/${id}`, payload: newUserBody('cliente') }),
  },
  {
    name: 'PUT /api/v1/usuarios/{id}/active',
    allowed: ADMINISTRATION,
    ok: 200,
    target: 'cliente',
    request: ({ id }) => ({
      method: 'PUT',
      url: `/api/v1/usuarios/${id}/active`,
      payload: { is_active: false },
    }),
  },
  {
    name: 'DELETE /api/v1/usuarios/{id}',
    allowed: ADMINISTRATION,
    ok: 200,
    target: 'cliente',
    request: ({ id }) => ({ method: 'DELETE', url: `/api/v1/usuarios/${id}` }),
  },
  {
    name: 'GET /api/v1/vendedores',
    allowed: ADMINISTRATION,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/vendedores' }),
  },
  {
    name: 'PUT /api/v1/vendedores/{id}',
    allowed: ADMINISTRATION,
    ok: 200,
    target: 'vendedor',
    request: ({ id }) => ({
      method: 'PUT',
      url: `/api/v1/vendedores/${id}`,
      payload: { direccion: 'Calle Nueva 2' },
    }),
  },
  {
    name: 'GET /api/v1/admin/auditoria',
    allowed: ADMINISTRATION,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/admin/auditoria' }),
  },
  {
    name: 'GET /api/v1/vendedores/ventas/dashboard',
    allowed: ADMINISTRATION,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/vendedores/ventas/dashboard' }),
  },
  {
    name: 'GET /api/v1/tasa-cambio',
    allowed: EVERYONE,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/tasa-cambio' }),
  },
  {
    name: 'GET /v1/dolares/oficial',
    allowed: EVERYONE,
    ok: 200,
    request: () => ({ method: 'GET', url: '/v1/dolares/oficial' }),
  },
  {
    name: 'PUT /api/v1/tasa-cambio',
    allowed: ADMINISTRATION,
    ok: 200,
    request: () => ({ method: 'PUT', url: '/api/v1/tasa-cambio', payload: { promedio: 36.5 } }),
  },
  {
    name: 'GET /api/v1/tasa-cambio/historial',
    allowed: ADMINISTRATION,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/tasa-cambio/historial' }),
  },
  {
    name: 'GET /api/v1/admin/cuentas-receptoras',
    allowed: STAFF,
    ok: 200,
    request: () => ({ method: 'GET', url: '/api/v1/admin/cuentas-receptoras' }),
  },
  {
    name: 'POST /api/v1/admin/cuentas-receptoras',
    allowed: ADMINISTRATION,
    ok: 201,
    request: () => ({ method: 'POST', url: '/api/v1/admin/cuentas-receptoras', payload: newAccount() }),
  },
  // An unknown account: past the role check, the answer is 404.
  {
    name: 'PUT /api/v1/admin/cuentas-receptoras/{id}',
    allowed: ADMINISTRATION,
    ok: 404,
    request: () => ({
      method: 'PUT',
      url: '/api/v1/admin/cuentas-receptoras/999999',
      payload: newAccount(),
    }),
  },
  {
    name: 'DELETE /api/v1/admin/cuentas-receptoras/{id}',
    allowed: ADMINISTRATION,
    ok: 404,
    request: () => ({ method: 'DELETE', url: '/api/v1/admin/cuentas-receptoras/999999' }),
  },
];

const cases = ROUTES.flatMap((route) =>
  ROLES.map((rol) => ({ route, rol, isAllowed: route.allowed.includes(rol) })),
);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  users = await usersOfEveryRole(t.app, admin);
  sharedTargets = {
    cliente: await createUser(t.app, admin, 'cliente'),
    vendedor: await createUser(t.app, admin, 'vendedor'),
  };
});
afterAll(() => t.close());

describe('role permissions of every protected route', () => {
  it.each(cases)('$route.name as $rol: allowed=$isAllowed', async ({ route, rol, isAllowed }) => {
    const request = route.request(await targetFor(route, isAllowed));
    const before = await snapshot(t.db);
    const response = await t.app.inject({ ...request, headers: bearer(users[rol].token) });
    if (isAllowed) {
      expect(response.statusCode, response.body).toBe(route.ok);
      return;
    }
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MSG.sinPermiso });
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('requests without a valid session', () => {
  // Built lazily: the tokens only exist once the users are created.
  const kinds = () => invalidAuthorizations(users.vendedor.token, t.config.jwtSecret);
  const kindNames = [
    'no Authorization header',
    'an empty bearer',
    'a Basic scheme',
    'a token that is not a JWT',
    'a forged payload under the original signature',
    'a tampered signature',
    'a token signed with another secret',
    'an expired token',
    'a token with alg none',
    'a token with another algorithm (HS512)',
    'a token without a version claim',
    'a token of a user that does not exist',
  ];
  const withoutToken = new Set(['no Authorization header', 'an empty bearer', 'a Basic scheme']);

  it('covers every kind of invalid session the helper builds', () => {
    expect(kinds().map(([name]) => name)).toEqual(kindNames);
  });

  it('accepts a hand-built token with the right key, algorithm and claims, so the refusals below are meaningful', async () => {
    const token = craftToken(decodeClaims(users.vendedor.token), { secret: t.config.jwtSecret });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(users.vendedor.id);
  });

  describe.each(ROUTES)('$name', (route) => {
    it.each(kindNames)('with %s answers 401 in Spanish and changes nothing', async (kind) => {
      const headers = Object.fromEntries(kinds())[kind] as Record<string, string>;
      const request = route.request(await targetFor(route, false));
      const before = await snapshot(t.db);
      const response = await t.app.inject({ ...request, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: withoutToken.has(kind) ? MSG.sinToken : MSG.tokenInvalido });
      expect(await snapshot(t.db)).toEqual(before);
    });
  });
});

describe('public routes', () => {
  const PUBLIC: { name: string; request: InjectOptions; status: number }[] = [
    {
      name: 'GET /api/v1/verificar-admin',
      request: { method: 'GET', url: '/api/v1/verificar-admin' },
      status: 200,
    },
    {
      name: 'POST /api/v1/solicitudes/procesar-solicitudes-caducadas',
      request: { method: 'POST', url: '/api/v1/solicitudes/procesar-solicitudes-caducadas' },
      status: 200,
    },
    { name: 'GET /health', request: { method: 'GET', url: '/health' }, status: 200 },
    { name: 'GET /docs/json', request: { method: 'GET', url: '/docs/json' }, status: 200 },
  ];

  it.each(PUBLIC)('$name answers $status without a token', async ({ request, status }) => {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(status);
  });

  it.each(ROLES)(
    'POST /api/v1/crear-admin is refused (403) once an administrador exists, even to %s',
    async (rol) => {
      const before = await snapshot(t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/crear-admin',
        headers: bearer(users[rol].token),
        payload: {
          username: `Otro admin ${rol}`,
          email: `otro-${rol}@test.local`,
          password: 'Clave-segura-2',
        },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MSG.adminYaExiste });
      expect(await snapshot(t.db)).toEqual(before);
    },
  );
});
