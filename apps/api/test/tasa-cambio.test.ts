import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, SETTINGS_MESSAGES, type ExchangeRate, type RateHistoryEntry } from '@camposanto/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { tasasCambio, usuarios } from '../src/db/schema';
import { ADMIN, adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, lastAuditId, snapshot } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// DESIGN §4.9. No test calls the outside world: the official rate comes from a fake fetch whose answer
// each test sets.

const RATE_URL = 'http://tasas.invalid/v1/dolares/oficial';
let answer: () => Promise<Response> = async () => Response.json({ promedio: 36.5 });
const requestedUrls: string[] = [];
const fakeFetch = (async (url: string | URL | Request) => {
  requestedUrls.push(String(url));
  return answer();
}) as typeof fetch;

let t: TestApp;
let admin: string;
let asistente: TestUser;
let supervisor: TestUser;
let vendedor: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_URL }, fetchRate: fakeFetch });
  admin = await adminToken(t.app);
  asistente = await userWithRole(t.app, admin, 'asistente');
  supervisor = await userWithRole(t.app, admin, 'supervisor');
  vendedor = await userWithRole(t.app, admin, 'vendedor');
});
afterAll(() => t?.close());

const read = async (url = '/api/v1/tasa-cambio', token = vendedor.token) =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json<ExchangeRate>();
const setManual = (payload: unknown, token = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/tasa-cambio',
    headers: bearer(token),
    payload: payload as object,
  });
const historySize = async () => (await t.db.select().from(tasasCambio)).length;

describe('the rate in force', () => {
  it('is empty (nulls) on a database without any rate', async () => {
    const empty = await createTestApp();
    try {
      const token = await adminToken(empty.app);
      const response = await empty.app.inject({
        method: 'GET',
        url: '/api/v1/tasa-cambio',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ promedio: null, fuente: null, fecha: null, usuario: null });
    } finally {
      await empty.close();
    }
  });

  it('is the same on /api/v1/tasa-cambio and on the DolarApi-style /v1/dolares/oficial', async () => {
    await setManual({ promedio: 37.25 });
    const [api, dolarApi] = [await read('/api/v1/tasa-cambio'), await read('/v1/dolares/oficial')];
    expect(api).toEqual(dolarApi);
    expect(api).toMatchObject({ promedio: 37.25, fuente: 'manual' });
  });

  it('is the newest one, official or manual', async () => {
    await setManual({ promedio: 38 });
    answer = async () => Response.json({ promedio: 38.75 });
    await t.app.rates.refreshOfficial();
    expect(await read()).toMatchObject({ promedio: 38.75, fuente: 'oficial' });
    await setManual({ promedio: 39.1 });
    expect(await read()).toMatchObject({ promedio: 39.1, fuente: 'manual' });
  });

  it('set through one instance is what another instance on the same database answers', async () => {
    const second = await buildApp({ config: t.config, db: t.db });
    await second.ready();
    try {
      await second.inject({ method: 'GET', url: '/api/v1/tasa-cambio', headers: bearer(vendedor.token) });
      await setManual({ promedio: 40.4 });
      const response = await second.inject({
        method: 'GET',
        url: '/api/v1/tasa-cambio',
        headers: bearer(vendedor.token),
      });
      expect(response.json()).toMatchObject({ promedio: 40.4, fuente: 'manual' });
    } finally {
      await second.close();
    }
  });
});

describe('refreshing the official rate', () => {
  it('fetches RATE_URL, keeps the rate in the history and audits it as the system', async () => {
    answer = async () => Response.json({ fuente: 'oficial', nombre: 'Oficial', promedio: 41.5678 });
    const since = await lastAuditId(t.db);
    const rowsBefore = await historySize();
    const rate = await t.app.rates.refreshOfficial();
    expect(requestedUrls.at(-1)).toBe(RATE_URL);
    expect(rate).toMatchObject({ promedio: 41.5678, fuente: 'oficial' });
    expect(await read()).toMatchObject({ promedio: 41.5678, fuente: 'oficial' });
    expect(await historySize()).toBe(rowsBefore + 1);
    const rows = await auditSince(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'sistema', rol: 'sistema', accion: 'actualizar_tasa' });
    expect(rows[0]?.descripcion).toContain('41,5678 Bs.');
  });

  it('does not repeat an official rate that has not changed', async () => {
    answer = async () => Response.json({ promedio: 42.1 });
    await t.app.rates.refreshOfficial();
    const rowsBefore = await historySize();
    await t.app.rates.refreshOfficial();
    expect(await historySize()).toBe(rowsBefore);
  });

  it.each([
    ['the service cannot be reached', async () => Promise.reject(new TypeError('fetch failed'))],
    ['the service answers 503', async () => new Response('no disponible', { status: 503 })],
    ['the service answers HTML', async () => new Response('<html>error</html>', { status: 200 })],
    ['promedio is missing', async () => Response.json({ nombre: 'Oficial' })],
    ['promedio is text', async () => Response.json({ promedio: 'treinta' })],
    ['promedio is zero', async () => Response.json({ promedio: 0 })],
    ['promedio is negative', async () => Response.json({ promedio: -5 })],
  ])('keeps the last known rate when %s', async (_name, failure) => {
    answer = async () => Response.json({ promedio: 43.2 });
    await t.app.rates.refreshOfficial();
    const before = await snapshot(t.db);
    answer = failure;
    await expect(t.app.rates.refreshOfficial()).rejects.toThrow();
    expect(await read()).toMatchObject({ promedio: 43.2, fuente: 'oficial' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('does nothing without RATE_URL (tests and offline installations)', async () => {
    const offline = await createTestApp({ fetchRate: fakeFetch });
    try {
      const calls = requestedUrls.length;
      expect(await offline.app.rates.refreshOfficial()).toBeUndefined();
      expect(requestedUrls.length).toBe(calls);
    } finally {
      await offline.close();
    }
  });
});

describe('PUT /api/v1/tasa-cambio', () => {
  it('lets an administrador set the rate by hand, answered and kept with its source, and audited', async () => {
    const since = await lastAuditId(t.db);
    const response = await setManual({ promedio: 44.55 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      promedio: 44.55,
      fuente: 'manual',
      fecha: expect.any(String),
      usuario: expect.any(String),
    });
    expect(await read('/v1/dolares/oficial', asistente.token)).toMatchObject({
      promedio: 44.55,
      fuente: 'manual',
    });
    const rows = await auditSince(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rol: 'administrador', accion: 'actualizar_tasa' });
    expect(rows[0]?.descripcion).toContain('44,55 Bs.');
  });

  it('accepts the rate as a numeric string, as a form sends it', async () => {
    const response = await setManual({ promedio: '45.10' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ExchangeRate>().promedio).toBe(45.1);
  });

  it('lets an asistente set it too, and says who set it (issue 10)', async () => {
    const response = await setManual({ promedio: 46.2 }, asistente.token);
    expect(response.statusCode).toBe(200);
    expect(await read()).toMatchObject({ promedio: 46.2, fuente: 'manual', usuario: asistente.username });
  });

  it.each([
    ['a supervisor', () => supervisor.token],
    ['a vendedor', () => vendedor.token],
  ])('refuses %s with 403 and changes nothing', async (_name, token) => {
    const before = await snapshot(t.db);
    const response = await setManual({ promedio: 50 }, token());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MSG.sinPermiso });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it.each([
    ['zero', 0, SETTINGS_MESSAGES.tasaFueraDeRango],
    ['a negative rate', -1, SETTINGS_MESSAGES.tasaFueraDeRango],
    ['less than 0.01', 0.009, SETTINGS_MESSAGES.tasaFueraDeRango],
    ['more than 10,000,000', 10_000_000.01, SETTINGS_MESSAGES.tasaFueraDeRango],
    ['five decimals', 36.12345, SETTINGS_MESSAGES.tasaDecimales],
    ['five decimals as text', '36.12345', SETTINGS_MESSAGES.tasaDecimales],
  ])('refuses %s with a Spanish 400 and changes nothing', async (_name, promedio, detail) => {
    const before = await snapshot(t.db);
    const rate = await read();
    const response = await setManual({ promedio });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
    expect(await snapshot(t.db)).toEqual(before);
    expect(await read()).toEqual(rate);
  });

  it.each([0.01, 10_000_000, 36.1234, '1234.5'])('accepts %s, within the bounds', async (promedio) => {
    const response = await setManual({ promedio });
    expect(response.statusCode).toBe(200);
    expect(response.json<ExchangeRate>().promedio).toBe(Number(promedio));
  });

  it.each([
    ['text', { promedio: 'abc' }, 'Debe ser un número válido.'],
    ['a missing promedio', {}, 'Debe ser un número válido.'],
    ['null', { promedio: null }, 'Debe ser un número válido.'],
    ['a boolean', { promedio: true }, 'Debe ser un número válido.'],
    ['a list', { promedio: [36] }, 'Debe ser un número válido.'],
  ])('refuses %s with 422 in Spanish and changes nothing', async (_name, payload, msg) => {
    const before = await snapshot(t.db);
    const rate = await read();
    const response = await setManual(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([{ loc: ['body', 'promedio'], msg, type: expect.any(String) }]);
    expect(await snapshot(t.db)).toEqual(before);
    expect(await read()).toEqual(rate);
  });
});

describe('GET /api/v1/tasa-cambio/historial (issue 10)', () => {
  let h: TestApp;
  let office: string;
  let assistant: TestUser;
  const history = (query = '', token = office) =>
    h.app.inject({ method: 'GET', url: `/api/v1/tasa-cambio/historial${query}`, headers: bearer(token) });

  beforeAll(async () => {
    h = await createTestApp();
    office = await adminToken(h.app);
    assistant = await userWithRole(h.app, office, 'asistente');
    const [adminRow] = await h.db.select().from(usuarios).where(eq(usuarios.email, ADMIN.email));
    // Caracas is UTC−4: 2026-03-01T03:30Z is still 28 February there.
    await h.db.insert(tasasCambio).values([
      { promedio: '30.0000', fuente: 'oficial', fecha: new Date('2026-01-15T12:00:00Z') },
      {
        promedio: '31.2500',
        fuente: 'manual',
        usuarioId: adminRow!.id,
        fecha: new Date('2026-02-10T15:00:00Z'),
      },
      { promedio: '32.5000', fuente: 'oficial', fecha: new Date('2026-03-01T03:30:00Z') },
      { promedio: '33.7500', fuente: 'oficial', fecha: new Date('2026-03-01T04:30:00Z') },
    ]);
  });
  afterAll(() => h?.close());

  it('answers the rates between two Caracas dates, both included, oldest first, with who set each', async () => {
    const response = await history('?desde=2026-02-10&hasta=2026-02-28');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { fecha: '2026-02-10T15:00:00.000Z', promedio: 31.25, fuente: 'manual', usuario: ADMIN.username },
      { fecha: '2026-03-01T03:30:00.000Z', promedio: 32.5, fuente: 'oficial', usuario: null },
    ]);
  });

  it('reads from desde to today, or the 90 days up to hasta, when only one is given', async () => {
    const since = (await history('?desde=2026-03-01')).json<RateHistoryEntry[]>();
    expect(since.map((entry) => entry.promedio)).toContain(33.75);
    expect(since.map((entry) => entry.promedio)).not.toContain(32.5);
    const until = (await history('?hasta=2026-01-31')).json<RateHistoryEntry[]>();
    expect(until.map((entry) => entry.promedio)).toEqual([30]);
  });

  it('covers the last 90 days by default', async () => {
    await h.app.inject({
      method: 'PUT',
      url: '/api/v1/tasa-cambio',
      headers: bearer(office),
      payload: { promedio: 50 },
    });
    const rates = (await history()).json<RateHistoryEntry[]>();
    expect(rates.at(-1)).toMatchObject({ promedio: 50, fuente: 'manual', usuario: ADMIN.username });
    const oldest = Date.now() - 91 * 24 * 60 * 60 * 1000;
    expect(rates.every((entry) => new Date(entry.fecha).getTime() >= oldest)).toBe(true);
  });

  it('is read by an asistente too', async () => {
    expect((await history('', assistant.token)).statusCode).toBe(200);
  });

  it.each(['supervisor', 'vendedor', 'cliente'] as const)('refuses a %s with 403', async (rol) => {
    const user = await userWithRole(h.app, office, rol);
    const response = await history('', user.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MSG.sinPermiso });
  });

  it('refuses desde after hasta with a Spanish 400', async () => {
    const response = await history('?desde=2026-03-02&hasta=2026-03-01');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: SETTINGS_MESSAGES.rangoFechas });
  });

  it('refuses a date that does not exist with a Spanish 422', async () => {
    const response = await history('?desde=2026-02-30');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      { loc: ['querystring', 'desde'], msg: MSG.fechaInvalida, type: expect.any(String) },
    ]);
  });
});

describe('RATE_URL', () => {
  it('defaults to the official-rate service SPEC §7 names (DolarApi, Venezuela)', () => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir, JWT_SECRET: 'x'.repeat(40) });
    expect(config.rateUrl).toBe('https://ve.dolarapi.com/v1/dolares/oficial');
  });

  it.each(['', 'off', 'OFF'])('is turned off by %j (tests, demos, offline installations)', (value) => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir, JWT_SECRET: 'x'.repeat(40), RATE_URL: value });
    expect(config.rateUrl).toBeUndefined();
  });
});
