import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

// The people every journey signs in as, and the calls that set them up through the API.

export const ADMIN = { name: 'Ana Pérez', email: 'ana@camposanto.test', password: 'Clave-segura-1' };
export const SUPERVISOR = {
  name: 'Sergio Supervisor',
  email: 'sergio@camposanto.test',
  cedula: 'V-11111111',
};
export const SELLER = { name: 'Valeria Vendedora', email: 'valeria@camposanto.test', cedula: 'V-22222222' };
export const OTHER_SELLER = { name: 'Omar Otro', email: 'omar@camposanto.test', cedula: 'V-33333333' };
/** The password of every user the administrator creates. */
export const PASSWORD = 'Clave-segura-2';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The JSON body of a successful response; a failure shows the address, status and body. */
export async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The access token of a user (SPEC §7 POST /api/v1/login, a form). */
export async function tokenOf(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  const body = await ok<{ access_token: string }>(
    await request.post('/api/v1/login', { form: { username, password } }),
  );
  return body.access_token;
}

/** The first administrator of an empty database (SPEC §7 POST /api/v1/crear-admin) and the token. */
export async function createFirstAdmin(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/v1/crear-admin', {
    data: { username: ADMIN.name, email: ADMIN.email, password: ADMIN.password, rol: 'administrador' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return tokenOf(request, ADMIN.email, ADMIN.password);
}

/** A seller or supervisor created by the administrator, with PASSWORD; the new user's id. */
export async function createStaff(
  request: APIRequestContext,
  admin: string,
  person: { name: string; email: string; cedula: string },
  rol: 'vendedor' | 'supervisor',
): Promise<number> {
  const user = await ok<{ id: number }>(
    await request.post('/api/v1/usuarios/', {
      headers: bearer(admin),
      data: {
        username: person.name,
        email: person.email,
        rol,
        password: PASSWORD,
        cedula: person.cedula,
        direccion: 'Av. Bolívar, Caracas',
        telefono: '4121234567',
      },
    }),
  );
  return user.id;
}
