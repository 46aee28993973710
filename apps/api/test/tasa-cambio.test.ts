import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type ExchangeRate } from '@camposanto/domain';
import { buildApp } from '../src/app';
import { tasasCambio } from '../src/db/schema';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
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
let vendedor: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_URL }, fetchRate: fakeFetch });
  admin = await adminToken(t.app);
  asistente = await userWithRole(t.app, admin, 'asistente');
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
      expect(response.json()).toEqual({ promedio: null, fuente: null, fecha: null });
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
    expect(rows[0]?.descripcion).toContain('41.57');
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
    expect(response.json()).toEqual({ promedio: 44.55, fuente: 'manual', fecha: expect.any(String) });
    expect(await read('/v1/dolares/oficial', asistente.token)).toMatchObject({
      promedio: 44.55,
      fuente: 'manual',
    });
    const rows = await auditSince(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rol: 'administrador', accion: 'actualizar_tasa' });
    expect(rows[0]?.descripcion).toContain('44.55');
  });

  it('accepts the rate as a numeric string, as a form sends it', async () => {
    const response = await setManual({ promedio: '45.10' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ExchangeRate>().promedio).toBe(45.1);
  });

  it('refuses an asistente with 403 and changes nothing', async () => {
    const before = await snapshot(t.db);
    const response = await setManual({ promedio: 50 }, asistente.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MSG.sinPermiso });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it.each([
    ['zero', { promedio: 0 }, 'La tasa debe ser mayor que cero.'],
    ['a negative rate', { promedio: -1 }, 'La tasa debe ser mayor que cero.'],
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
