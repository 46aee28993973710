import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitudes } from '../src/db/schema';
import { adminToken, userWithRole } from './helpers/auth';
import { insertContracts } from './helpers/bulk-contracts';
import { createClientVia } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 12: at the size of a large cemetery (100,000 contracts, 66,466 of them financed) the unpaged contract
// lists answered 500 ('bind message has … parameter formats but 0 parameters') after pushing the server past
// 700 MB. Unpaged, they now stream every contract in keyset batches over a real socket, and the process's memory
// stays about one batch above where it started, whatever the length of the list. The financed list and the cash
// screen's list (modalidad=De Contado) share the 100,000 contracts, so each contract is streamed once; the list
// without modalidad runs the same code (listas-ventas.test.ts).
const FINANCED = 66_000;
const CASH = 34_000;
// What one batch of 1,000 contracts and the socket's buffers may hold; the whole list weighs several hundred MB.
const MEMORY_BOUND = 96 * 1024 * 1024;
const SAMPLE_EVERY_BYTES = 16 * 1024 * 1024;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let t: TestApp;
let admin: string;
let baseUrl: string;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

beforeAll(async () => {
  const started = performance.now();
  // Every answer is checked against its schema on the small lists; here only the rows, to keep the run short.
  t = await createTestApp({ env: { VALIDATE_RESPONSES: 'false' } });
  admin = await adminToken(t.app);
  const seller = await userWithRole(t.app, admin, 'vendedor');
  const client = await createClientVia(t.app, seller.token);
  const common = { sellerId: seller.id, clientId: client.id, tiesOf: 2 };
  await insertContracts(t.db, { ...common, count: FINANCED, prefix: 'F', modalidad: 'Financiado' });
  await insertContracts(t.db, { ...common, count: CASH, prefix: 'C', modalidad: 'De Contado' });
  console.info(`[listas-grandes] ${FINANCED + CASH} contracts on ${t.driver} in ${seconds(started)} s`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 300_000);
afterAll(() => t.close());

const memoryInUse = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

// Each contract opens with its id and number; its one line with `"detalles":[{"id":`.
const MARKS = /\{"id":(\d+),"numero_solicitud":|"detalles":\[\{"id":/g;
const LONGEST_MARK = 48;

/**
 * Reads an unpaged list over HTTP without keeping it: the contract ids in the order they arrive, the lines, the
 * chunks, and the highest memory in use (after a collection) every 16 MB, above what was in use before.
 */
async function streamList(path: string) {
  collectGarbage();
  const before = memoryInUse();
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${admin}` } }, resolve)
      .on('error', reject);
  });
  response.setEncoding('utf8');
  const ids: number[] = [];
  let lines = 0;
  let chunks = 0;
  let bytes = 0;
  let peakGrowth = 0;
  let nextSample = SAMPLE_EVERY_BYTES;
  let pending = '';
  let edges = '';
  for await (const chunk of response as AsyncIterable<string>) {
    chunks += 1;
    bytes += Buffer.byteLength(chunk);
    if (chunks === 1) edges = chunk[0] ?? '';
    const text = pending + chunk;
    let consumed = 0;
    for (const match of text.matchAll(MARKS)) {
      if (match[1] === undefined) lines += 1;
      else ids.push(Number(match[1]));
      consumed = match.index + match[0].length;
    }
    // Keep only what may hold the start of a mark cut by the chunk's end, never a mark already counted.
    pending = text.slice(Math.max(consumed, text.length - LONGEST_MARK));
    edges = edges.slice(0, 1) + chunk.at(-1);
    if (bytes >= nextSample) {
      nextSample += SAMPLE_EVERY_BYTES;
      collectGarbage();
      peakGrowth = Math.max(peakGrowth, memoryInUse() - before);
    }
  }
  return { response, ids, lines, chunks, bytes, peakGrowth, edges };
}

async function newestConversionFirst(modalidad: 'De Contado' | 'Financiado') {
  const rows = await t.db
    .select({ id: solicitudes.id })
    .from(solicitudes)
    .where(and(eq(solicitudes.estado, 'contrato'), eq(solicitudes.modalidadPago, modalidad)))
    .orderBy(desc(solicitudes.fechaConversion), desc(solicitudes.id));
  return rows.map((row) => row.id);
}

describe(`unpaged contract lists at ${FINANCED + CASH} contracts`, () => {
  it.each([
    ['financed', '/api/v1/cuotas/contratos-financiados', 'Financiado', FINANCED],
    ['cash', '/api/v1/admin/contratos-de-contado?modalidad=De+Contado', 'De Contado', CASH],
  ] as const)(
    'the %s list (%s) streams every contract with its line, chunked, in bounded memory',
    async (_name, path, modalidad, total) => {
      const started = performance.now();
      const streamed = await streamList(path);
      const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
      console.info(
        `[listas-grandes] ${path} on ${t.driver}: ${streamed.ids.length} contracts, ` +
          `${megabytes(streamed.bytes)} MB in ${streamed.chunks} chunks, ${seconds(started)} s, ` +
          `memory at most ${megabytes(streamed.peakGrowth)} MB above the start`,
      );

      expect(streamed.response.statusCode).toBe(200);
      expect(streamed.response.headers['transfer-encoding']).toBe('chunked');
      expect(streamed.response.headers['content-length']).toBeUndefined();
      expect(streamed.response.headers['x-total-count']).toBe(String(total));
      expect(streamed.edges).toBe('[]');
      expect(streamed.ids).toEqual(await newestConversionFirst(modalidad));
      expect(streamed.lines).toBe(total);
      expect(streamed.peakGrowth).toBeLessThan(MEMORY_BOUND);
    },
    300_000,
  );
});
