import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@camposanto/domain';
import { adminToken, bearer, newUserBody } from './helpers/auth';
import { snapshot } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// DESIGN §3 Errors and §5: Spanish details, never a stack trace or an error text in a 5xx, the request id
// instead, and the detail in the log.

const SECRET_TEXT = 'detalle-secreto: password=hunter2 en /srv/camposanto/app.ts:42';
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

/** Routes that fail in the ways a real handler can, registered only on this test's app. */
function failingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { config: { public: true } };
  r.get('/api/v1/prueba/excepcion', open, async () => {
    throw new Error(SECRET_TEXT);
  });
  r.get('/api/v1/prueba/excepcion-503', open, async () => {
    throw Object.assign(new Error(SECRET_TEXT), { statusCode: 503 });
  });
  r.get('/api/v1/prueba/sql', open, async () => app.db.execute(sql`select * from tabla_que_no_existe`));
  r.get(
    '/api/v1/prueba/respuesta-invalida',
    { ...open, schema: { response: { 200: z.object({ total: z.number() }) } } },
    async () => ({ total: SECRET_TEXT }) as unknown as { total: number },
  );
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ beforeReady: failingRoutes, logger: { level: 'error', stream: logStream } });
  admin = await adminToken(t.app);
});
afterAll(() => t?.close());

describe('500 answers', () => {
  it.each([
    ['a thrown error', '/api/v1/prueba/excepcion'],
    ['an error carrying status 503', '/api/v1/prueba/excepcion-503'],
    ['a failing SQL statement', '/api/v1/prueba/sql'],
    ['a response that does not match its schema', '/api/v1/prueba/respuesta-invalida'],
  ])(
    'for %s carry only the generic Spanish text and the request id, and log the detail',
    async (_name, url) => {
      logLines.length = 0;
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      const body = response.json<{ detail: string; request_id: string }>();
      expect(body).toEqual({
        detail: 'Ocurrió un error interno. Intente de nuevo más tarde.',
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(response.body).not.toMatch(/secreto|hunter2|tabla_que_no_existe|stack|\.ts:/);
      const logged = logLines.find((line) => line.reqId === body.request_id);
      expect(logged, 'the error is logged with its request id').toBeDefined();
    },
  );

  it('gives each failing request its own id', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await t.app.inject('/api/v1/prueba/excepcion')).json().request_id),
    );
    expect(new Set(ids).size).toBe(3);
  });
});

describe('malformed requests', () => {
  const postUser = (payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/usuarios/',
      headers: { ...bearer(admin), 'content-type': contentType },
      payload,
    });

  it.each([
    ['invalid JSON', '{"username": "Ana", ', 'application/json'],
    ['an empty JSON body', '', 'application/json'],
  ])('answers %s with 400 in Spanish and changes nothing', async (_name, payload, contentType) => {
    const before = await snapshot(t.db);
    const response = await postUser(payload, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'El cuerpo de la solicitud no es un JSON válido.' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers a content type the route does not read with 415 in Spanish', async () => {
    const response = await postUser('<usuario><rol>cliente</rol></usuario>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Tipo de contenido no admitido.' });
  });

  it('answers a body over 1 MB with 413 in Spanish', async () => {
    const response = await postUser(
      JSON.stringify({ ...newUserBody('cliente'), relleno: 'x'.repeat(1_100_000) }),
      'application/json',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      detail: 'El archivo o la solicitud supera el tamaño máximo permitido.',
    });
  });

  it('answers 401 before reading the body of a protected route called without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/usuarios/',
      headers: { 'content-type': 'application/json' },
      payload: '{ no es json',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MSG.sinToken });
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/v1/no-existe'],
    ['POST', '/api/v1/usuarios/1/otra-cosa'],
    ['DELETE', '/api/v1/vendedores'],
    ['GET', '/api/v2/usuarios'],
  ] as const)('%s %s answers 404 with a Spanish detail', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: bearer(admin) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Recurso no encontrado.' });
  });
});
