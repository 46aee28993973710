import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Rol, User } from '@camposanto/domain';

export const ADMIN = { username: 'Admin Principal', email: 'admin@test.local', password: 'Clave-segura-1' };
export const PASSWORD = 'Clave-segura-1';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let addressCounter = 0;

/**
 * A new client address for each call: the per-IP limit of the sign-in route (30 a minute) is tested on
 * its own, and must not trip the many sign-ins that set up the other tests.
 */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** POST /api/v1/login as the web app sends it (form-encoded), answering the raw response. */
export function loginRequest(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = nextAddress(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/login',
    remoteAddress,
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export async function login(app: FastifyInstance, username: string, password = PASSWORD): Promise<string> {
  const response = await loginRequest(app, username, password);
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** Creates the first administrator and signs in. */
export async function adminToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/crear-admin', payload: ADMIN });
  if (response.statusCode !== 201) throw new Error(`crear-admin failed: ${response.body}`);
  return login(app, ADMIN.email, ADMIN.password);
}

let counter = 0;

/** A suffix no other call of this test process has used, for names, e-mails and cédulas. */
export function unique(): number {
  counter += 1;
  return counter;
}

export type TestUser = { id: number; email: string; username: string; token: string };

/** The body of POST /api/v1/usuarios/ for a new user of the given role, with the seller data it needs. */
export function newUserBody(rol: Rol | 'admin', overrides: Record<string, unknown> = {}) {
  const n = unique();
  const isSeller = rol === 'vendedor' || rol === 'supervisor';
  return {
    username: `${rol} ${n}`,
    email: `${rol}${n}@test.local`,
    rol,
    password: PASSWORD,
    cedula: isSeller ? `V-${20000000 + n}` : null,
    direccion: isSeller ? 'Av. Principal' : null,
    telefono: isSeller ? '4121234567' : null,
    ...overrides,
  };
}

/** Creates a user of the given role through the API (as `admin`), without signing it in. */
export async function createUser(
  app: FastifyInstance,
  admin: string,
  rol: Rol | 'admin',
  overrides: Record<string, unknown> = {},
): Promise<User> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/usuarios/',
    headers: bearer(admin),
    payload: newUserBody(rol, overrides),
  });
  if (response.statusCode !== 200) throw new Error(`create ${rol} failed: ${response.body}`);
  return response.json<User>();
}

/** Creates a user of the given role through the API and signs it in. */
export async function userWithRole(
  app: FastifyInstance,
  admin: string,
  rol: Rol | 'admin',
  overrides: Record<string, unknown> = {},
): Promise<TestUser> {
  const user = await createUser(app, admin, rol, overrides);
  return { id: user.id, email: user.email, username: user.username, token: await login(app, user.email) };
}

/** One signed-in user of every role; the administrador is the one whose token is given. */
export async function usersOfEveryRole(app: FastifyInstance, admin: string): Promise<Record<Rol, TestUser>> {
  const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(admin) });
  const adminUser = me.json<{ id: number; email: string; username: string }>();
  return {
    administrador: { id: adminUser.id, email: adminUser.email, username: adminUser.username, token: admin },
    asistente: await userWithRole(app, admin, 'asistente'),
    supervisor: await userWithRole(app, admin, 'supervisor'),
    vendedor: await userWithRole(app, admin, 'vendedor'),
    cliente: await userWithRole(app, admin, 'cliente'),
  };
}
