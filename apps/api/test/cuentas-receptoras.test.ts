import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SETTINGS_MESSAGES, type ReceivingAccount } from '@camposanto/domain';
import { auditoria, cuentasReceptoras } from '../src/db/schema';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, lastAuditId } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 10 'Cuentas receptoras': stored in the database, edited by administración, audited; every staff role
// reads them (supervisors and sellers only the active ones).

const URL = '/api/v1/admin/cuentas-receptoras';

let t: TestApp;
let admin: string;
let asistente: TestUser;
let supervisor: TestUser;
let vendedor: TestUser;
let cliente: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  [asistente, supervisor, vendedor, cliente] = await Promise.all([
    userWithRole(t.app, admin, 'asistente'),
    userWithRole(t.app, admin, 'supervisor'),
    userWithRole(t.app, admin, 'vendedor'),
    userWithRole(t.app, admin, 'cliente'),
  ]);
});
afterAll(() => t?.close());

let accountNumber = 0;
/** A valid account, with a number no other test has used. */
function accountBody(overrides: Record<string, unknown> = {}) {
  accountNumber += 1;
  return {
    banco: 'Banco Mercantil',
    titular: 'Camposanto Oriente C.A.',
    numero_cuenta: `0105${String(accountNumber).padStart(16, '0')}`,
    rif: 'J-12345678-9',
    telefono_pago_movil: '0414-1234567',
    activa: true,
    ...overrides,
  };
}

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function create(overrides: Record<string, unknown> = {}) {
  const response = await send('POST', URL, admin, accountBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReceivingAccount>();
}

/** What a refused change must leave as it was: the accounts and the audit log. */
async function state() {
  const [accounts, [audits]] = await Promise.all([
    t.db.select().from(cuentasReceptoras).orderBy(cuentasReceptoras.id),
    t.db.select({ n: count() }).from(auditoria),
  ]);
  return { accounts, audits: audits?.n };
}

describe('POST /api/v1/admin/cuentas-receptoras', () => {
  it('stores an account in its usual written form and audits it', async () => {
    const since = await lastAuditId(t.db);
    const response = await send(
      'POST',
      URL,
      admin,
      accountBody({
        numero_cuenta: '0134 0001 11 2222222222',
        rif: 'j123456789',
        telefono_pago_movil: '04241234567',
      }),
    );
    expect(response.statusCode).toBe(201);
    const account = response.json<ReceivingAccount>();
    expect(account).toEqual({
      id: expect.any(Number),
      banco: 'Banco Mercantil',
      titular: 'Camposanto Oriente C.A.',
      numero_cuenta: '0134-0001-11-2222222222',
      rif: 'J-12345678-9',
      telefono_pago_movil: '0424-1234567',
      activa: true,
      es_demo: false,
    });
    const [entry, ...rest] = await auditSince(t.db, since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      rol: 'administrador',
      accion: 'crear_cuenta_receptora',
      entidad: 'cuenta_receptora',
      entidadId: String(account.id),
    });
    expect(entry!.descripcion).toContain('0134-0001-11-2222222222');
  });

  it('lets an asistente add one, without a pago móvil phone', async () => {
    const response = await send('POST', URL, asistente.token, accountBody({ telefono_pago_movil: '' }));
    expect(response.statusCode).toBe(201);
    expect(response.json<ReceivingAccount>().telefono_pago_movil).toBeNull();
  });

  it.each([
    ['supervisor', () => supervisor.token],
    ['vendedor', () => vendedor.token],
    ['cliente', () => cliente.token],
  ])('refuses a %s with 403 and stores nothing', async (_rol, token) => {
    const before = await state();
    const response = await send('POST', URL, token(), accountBody());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MSG.sinPermiso });
    expect(await state()).toEqual(before);
  });

  it('refuses a request without a token with 401', async () => {
    expect((await send('POST', URL, undefined, accountBody())).statusCode).toBe(401);
  });

  it.each([
    ['an empty bank', { banco: '' }, 'banco', MSG.campoRequerido],
    ['a missing holder', { titular: undefined }, 'titular', MSG.campoRequerido],
    [
      'an account of 19 digits',
      { numero_cuenta: '0134000000000000000' },
      'numero_cuenta',
      SETTINGS_MESSAGES.numeroCuentaInvalido,
    ],
    [
      'an account with letters',
      { numero_cuenta: '0134-0000-00-000000000X' },
      'numero_cuenta',
      SETTINGS_MESSAGES.numeroCuentaInvalido,
    ],
    ['a RIF without its letter', { rif: '12345678-9' }, 'rif', SETTINGS_MESSAGES.rifInvalido],
    ['a RIF of another letter', { rif: 'X-12345678-9' }, 'rif', SETTINGS_MESSAGES.rifInvalido],
    [
      'a phone of 10 digits',
      { telefono_pago_movil: '0414123456' },
      'telefono_pago_movil',
      SETTINGS_MESSAGES.telefonoPagoMovilInvalido,
    ],
  ])('refuses %s with a Spanish 422 and stores nothing', async (_name, overrides, field, msg) => {
    const before = await state();
    const response = await send('POST', URL, admin, accountBody(overrides));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([{ loc: ['body', field], msg, type: expect.any(String) }]);
    expect(await state()).toEqual(before);
  });

  it('refuses an account number already registered with 409, however it is written', async () => {
    const first = await create();
    const before = await state();
    const digits = first.numero_cuenta.replaceAll('-', '');
    const response = await send('POST', URL, admin, accountBody({ numero_cuenta: digits }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: SETTINGS_MESSAGES.cuentaDuplicada });
    expect(await state()).toEqual(before);
  });
});

describe('GET /api/v1/admin/cuentas-receptoras', () => {
  let active: ReceivingAccount;
  let inactive: ReceivingAccount;

  beforeAll(async () => {
    active = await create();
    inactive = await create({ activa: false });
  });

  it.each([
    ['administrador', () => admin],
    ['asistente', () => asistente.token],
  ])('shows an %s every account, active or not', async (_rol, token) => {
    const response = await send('GET', URL, token());
    expect(response.statusCode).toBe(200);
    const ids = response.json<ReceivingAccount[]>().map((account) => account.id);
    expect(ids).toEqual(expect.arrayContaining([active.id, inactive.id]));
  });

  it.each([
    ['supervisor', () => supervisor.token],
    ['vendedor', () => vendedor.token],
  ])('shows a %s only the active accounts, which payers are told', async (_rol, token) => {
    const response = await send('GET', URL, token());
    expect(response.statusCode).toBe(200);
    const accounts = response.json<ReceivingAccount[]>();
    expect(accounts.map((account) => account.id)).toContain(active.id);
    expect(accounts.every((account) => account.activa)).toBe(true);
  });

  it('refuses a cliente with 403 and an anonymous caller with 401', async () => {
    expect((await send('GET', URL, cliente.token)).statusCode).toBe(403);
    expect((await send('GET', URL)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/admin/cuentas-receptoras/{id}', () => {
  it('changes an account, audits what it was and what it is, and is no longer demo data', async () => {
    const account = await create();
    await t.db.update(cuentasReceptoras).set({ esDemo: true }).where(eq(cuentasReceptoras.id, account.id));
    const since = await lastAuditId(t.db);
    const response = await send(
      'PUT',
      `${URL}/${account.id}`,
      asistente.token,
      accountBody({ banco: 'Banesco', activa: false }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: account.id,
      banco: 'Banesco',
      activa: false,
      es_demo: false,
    });
    const [entry, ...rest] = await auditSince(t.db, since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ rol: 'asistente', accion: 'actualizar_cuenta_receptora' });
    expect(entry!.descripcion).toContain('Banco Mercantil');
    expect(entry!.descripcion).toContain('Banesco');
    expect(entry!.descripcion).toContain('inactiva');
  });

  it('answers 404 in Spanish for an unknown account', async () => {
    const before = await state();
    const response = await send('PUT', `${URL}/999999`, admin, accountBody());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: SETTINGS_MESSAGES.cuentaNoEncontrada });
    expect(await state()).toEqual(before);
  });

  it('refuses invalid data with 422 and a seller with 403, changing nothing', async () => {
    const account = await create();
    const before = await state();
    expect((await send('PUT', `${URL}/${account.id}`, admin, accountBody({ rif: 'J-1' }))).statusCode).toBe(
      422,
    );
    expect((await send('PUT', `${URL}/${account.id}`, vendedor.token, accountBody())).statusCode).toBe(403);
    expect(await state()).toEqual(before);
  });

  it("refuses another account's number with 409, changing nothing", async () => {
    const [first, second] = [await create(), await create()];
    const before = await state();
    const response = await send(
      'PUT',
      `${URL}/${second.id}`,
      admin,
      accountBody({ numero_cuenta: first.numero_cuenta }),
    );
    expect(response.statusCode).toBe(409);
    expect(await state()).toEqual(before);
  });
});

describe('DELETE /api/v1/admin/cuentas-receptoras/{id}', () => {
  it('deletes the account and keeps its details in the audit', async () => {
    const account = await create();
    const since = await lastAuditId(t.db);
    const response = await send('DELETE', `${URL}/${account.id}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mensaje: SETTINGS_MESSAGES.cuentaEliminada });
    const ids = (await send('GET', URL, admin)).json<ReceivingAccount[]>().map((row) => row.id);
    expect(ids).not.toContain(account.id);
    const [entry, ...rest] = await auditSince(t.db, since);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ accion: 'eliminar_cuenta_receptora', entidadId: String(account.id) });
    expect(entry!.descripcion).toContain(account.numero_cuenta);
  });

  it('answers 404 for an unknown account and 403 for a supervisor, changing nothing', async () => {
    const account = await create();
    const before = await state();
    expect((await send('DELETE', `${URL}/999999`, admin)).statusCode).toBe(404);
    expect((await send('DELETE', `${URL}/${account.id}`, supervisor.token)).statusCode).toBe(403);
    expect(await state()).toEqual(before);
  });
});
