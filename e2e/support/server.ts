import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type RunningServer = {
  baseURL: string;
  dataDir: string;
  /**
   * Stops the server and starts it again on the same data and port, its clock moved by Debian's libfaketime
   * (`FAKETIME`, e.g. '+40d'): the server, its embedded database and its jobs all live on that date.
   */
  restart: (options: { faketime: string }) => Promise<void>;
  stop: () => Promise<void>;
};

type ServerOptions = { demo?: boolean; env?: Record<string, string> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function spawnServer(
  port: number,
  dataDir: string,
  options: ServerOptions & { faketime?: string },
): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  // The compiled server, as `npm start` runs it (e2e/run.mjs builds it first).
  const server = ['--enable-source-maps', 'apps/api/dist/server.js', ...(options.demo ? ['--demo'] : [])];
  const child: ChildProcess = spawn(process.execPath, server, {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The journeys never reach the public official-rate service; the administrator sets the rate.
      RATE_URL: '',
      // The library preloaded into the server itself, not the `faketime` wrapper: stopping the wrapper left the
      // server running after the journey. Timers and libuv's monotonic clock keep real speed; only the date moves.
      ...(options.faketime
        ? {
            LD_PRELOAD: '/usr/$LIB/faketime/libfaketime.so.1',
            FAKETIME: options.faketime,
            FAKETIME_DONT_FAKE_MONOTONIC: '1',
          }
        : {}),
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not answer /health within 120 s');
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

let template: Promise<string> | undefined;

/**
 * A DATA_DIR a server has started on once and left: its embedded database created, migrated and seeded with the
 * catalogue, as every fresh server leaves it. Copying it (0.3 s) spares each journey's server initdb and the
 * migrations (3–5 s of its start on this machine); it is made once per worker and removed when the worker ends.
 */
function startedDataDir(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'camposanto-e2e-plantilla-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await stopChild(await spawnServer(await freePort(), dir, {}));
    return dir;
  })();
  return template;
}

/** Starts the real server (API + built web app) on a fresh embedded database. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camposanto-e2e-'));
  cpSync(await startedDataDir(), dataDir, { recursive: true });
  let child = await spawnServer(port, dataDir, options);
  return {
    baseURL: `http://127.0.0.1:${port}`,
    dataDir,
    restart: async ({ faketime }) => {
      await stopChild(child);
      child = await spawnServer(port, dataDir, { ...options, faketime });
    },
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
