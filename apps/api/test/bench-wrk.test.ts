import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasWrk, loadWithWrk } from '../../../scripts/bench/wrk';

// Issue 12: `npm run bench` loads the server with wrk when the machine has it (`.ci/run` installs it). What wrk
// sends and what the bench reads back from it, against a plain HTTP server that keeps every request it got.

type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

let server: Server;
let baseUrl: string;
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      response.statusCode = request.url === '/falla' ? 500 : 200;
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.skipIf(!hasWrk())('loadWithWrk (skipped where Debian’s wrk is not installed)', () => {
  it('sends the request with its headers and reads back latencies, throughput and its own CPU', async () => {
    received = [];
    const sample = await loadWithWrk(
      baseUrl,
      { method: 'GET', path: '/lista?page=2&per_page=25', headers: { authorization: 'Bearer abc' } },
      4,
      1,
    );
    expect(sample.failures).toBe(0);
    expect(sample.requests).toBeGreaterThan(50);
    // wrk may leave a request it sent unanswered when its time is up: it is not counted.
    expect(received.length).toBeGreaterThanOrEqual(sample.requests);
    expect(received.length).toBeLessThanOrEqual(sample.requests + 4);
    expect(new Set(received.map(({ method, url }) => `${method} ${url}`))).toEqual(
      new Set(['GET /lista?page=2&per_page=25']),
    );
    expect(received.every(({ headers }) => headers.authorization === 'Bearer abc')).toBe(true);
    expect(sample.p50).toBeGreaterThan(0);
    expect(sample.p95).toBeGreaterThanOrEqual(sample.p50);
    expect(sample.rps).toBeGreaterThan(sample.requests * 0.8);
    expect(sample.rps).toBeLessThan(sample.requests * 1.2);
    expect(sample.loadCpuMs).toBeGreaterThan(0);
    expect(sample.loadCpuMs).toBeLessThan(5_000);
  });

  it('posts the body, each request from its own address when asked', async () => {
    received = [];
    const body = new URLSearchParams({ username: 'admin@camposanto.test', password: 'Clave-1' }).toString();
    const sample = await loadWithWrk(
      baseUrl,
      {
        method: 'POST',
        path: '/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        isFromManyAddresses: true,
      },
      2,
      1,
    );
    expect(sample.failures).toBe(0);
    expect(received.every((request) => request.method === 'POST' && request.body === body)).toBe(true);
    expect(
      received.every(({ headers }) => headers['content-type'] === 'application/x-www-form-urlencoded'),
    ).toBe(true);
    const addresses = received.map(({ headers }) => headers['x-forwarded-for']);
    expect(addresses.every((address) => /^10\.\d+\.\d+\.\d+$/.test(String(address)))).toBe(true);
    expect(new Set(addresses).size).toBe(received.length);
  });

  it('counts answers other than 2xx as failures', async () => {
    const sample = await loadWithWrk(baseUrl, { method: 'GET', path: '/falla', headers: {} }, 2, 1);
    expect(sample.requests).toBeGreaterThan(0);
    expect(sample.failures).toBe(sample.requests);
  });
});

describe('loadWithWrk input', () => {
  it('refuses a value its script cannot hold before starting wrk', async () => {
    await expect(
      loadWithWrk(baseUrl, { method: 'GET', path: '/lista', headers: { 'x-nombre': 'Peña\n' } }, 1, 1),
    ).rejects.toThrow('wrk: not printable ASCII');
  });
});
