import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@camposanto/domain';
import { ADMIN, newUserBody } from './helpers/auth';
import {
  freePort,
  postJson,
  signIn,
  startServer,
  stopServer,
  waitForHealth,
  waitForOutput,
  type ServerProcess,
} from './helpers/server-process';

// DESIGN §5: the embedded database belongs to one process (a lock on DATA_DIR), survives a crash, and a
// SIGTERM drains the requests in flight before the process exits. Real processes on PGlite, always: the
// child never sees DATABASE_URL.

const started: ServerProcess[] = [];
const dataDirs: string[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'camposanto-proceso-'));
  dataDirs.push(dir);
  return dir;
}

function start(dataDir: string, port: number, env: Record<string, string> = {}): ServerProcess {
  const server = startServer(dataDir, port, env);
  started.push(server);
  return server;
}

afterAll(async () => {
  for (const server of started.splice(0)) await stopServer(server);
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function firstAdmin(baseUrl: string): Promise<string> {
  const created = await postJson(`${baseUrl}/api/v1/crear-admin`, ADMIN);
  expect(created.status).toBe(201);
  return signIn(baseUrl, ADMIN.email, ADMIN.password);
}

describe('a running server on an embedded data directory', () => {
  // One server for both tests (each start costs seconds); the SIGTERM test stops it, so it comes last.
  let dataDir: string;
  let server: ServerProcess;
  let token: string;
  beforeAll(async () => {
    dataDir = newDataDir();
    server = start(dataDir, await freePort(), { LOG_LEVEL: 'info' });
    await waitForHealth(server);
    token = await firstAdmin(server.url);
  }, 120_000);

  it('refuses a second server on the same DATA_DIR with a non-zero exit and a Spanish message', async () => {
    const second = start(dataDir, await freePort());
    const exit = await second.exited;

    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(second.output()).toContain('ya está en uso');
    expect(second.output()).toContain(dataDir);
    // The first one is untouched.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  }, 120_000);

  it('drains a request in flight on SIGTERM, then exits 0 and removes its lock', async () => {
    // A request whose body arrives in two halves: it is in flight when SIGTERM comes.
    const body = Buffer.from(JSON.stringify(newUserBody('cliente', { email: 'en-vuelo@test.local' })));
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const pending = request(
        `${server.url}/api/v1/usuarios/`,
        {
          method: 'POST',
          agent: false,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': body.length,
            connection: 'close',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      pending.on('error', reject);
      pending.write(body.subarray(0, 10));
      void waitForOutput(server, '"url":"/api/v1/usuarios/"').then(async () => {
        server.child.kill('SIGTERM');
        await waitForOutput(server, 'shutting down');
        pending.end(body.subarray(10));
      }, reject);
    });

    const response = await answer;
    const exit = await server.exited;

    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ email: 'en-vuelo@test.local', rol: 'cliente' });
    expect(exit).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);
});

describe('a crash', () => {
  it('keeps every acknowledged user after a SIGKILL in the middle of a burst, and restarts on the stale lock', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const server = start(dataDir, port);
    await waitForHealth(server);
    const token = await firstAdmin(server.url);

    const TOTAL = 40;
    const KILL_AFTER = 15;
    const acknowledged: string[] = [];
    let failed = 0;
    let next = 0;
    const worker = async () => {
      while (next < TOTAL) {
        next += 1;
        const body = newUserBody(next % 3 === 0 ? 'vendedor' : 'cliente', {
          email: `rafaga${next}@test.local`,
        });
        try {
          const response = await postJson(`${server.url}/api/v1/usuarios/`, body, token);
          if (response.status === 200) acknowledged.push(body.email);
          else failed += 1;
        } catch {
          failed += 1;
        }
        if (acknowledged.length === KILL_AFTER) server.child.kill('SIGKILL');
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const exit = await server.exited;

    expect(exit.signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(failed, 'the kill happened in the middle of the burst').toBeGreaterThan(0);
    expect(existsSync(path.join(dataDir, 'server.lock')), 'the dead process left its lock').toBe(true);

    const restarted = start(dataDir, port);
    await waitForHealth(restarted);
    const after = await signIn(restarted.url, ADMIN.email, ADMIN.password);
    const response = await fetch(`${restarted.url}/api/v1/usuarios`, {
      headers: { authorization: `Bearer ${after}` },
    });
    const emails = ((await response.json()) as User[]).map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining([ADMIN.email, ...acknowledged]));
  }, 180_000);
});
