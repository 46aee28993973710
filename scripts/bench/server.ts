// The real server as a child process, for the benches: start, wait for /health, stop, cold start, resident
// memory, and the admin sign-in they need. One copy, used by bench.ts, bench-health.ts and bench-uploads.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../build.mjs';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const compiledServer = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));

export const BENCH_ADMIN = {
  username: 'Bench Admin',
  email: 'bench-admin@bench.test',
  password: 'Bench-password-1',
};
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret!!';

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<Exit>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Rebuilds the compiled server when its sources are newer (`npm run build`'s --if-stale, as `npm start` does),
 * so the bench measures the code as it is now.
 */
export function buildServerIfStale(): void {
  const build = fileURLToPath(new URL('../build.mjs', import.meta.url));
  if (!existsSync(build)) return;
  const result = spawnSync(process.execPath, [build, 'api', '--if-stale'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`building the server failed (${result.status})`);
}

/**
 * The compiled server when it has been built (`apps/api/dist/server.js`), else the TypeScript through tsx; with
 * Node's flags of `npm start`.
 */
export function serverCommand(): { args: string[]; isCompiled: boolean } {
  return existsSync(compiledServer)
    ? { args: [...serverNodeFlags, compiledServer], isCompiled: true }
    : { args: [...serverNodeFlags, '--import', 'tsx', 'apps/api/src/server.ts'], isCompiled: false };
}

/**
 * Starts the server on loopback with its data in `dataDir`: the embedded database there, or PostgreSQL when
 * `env.DATABASE_URL` is given. Nothing reaches outside (RATE_URL off, no SMTP); `env` adds or overrides.
 */
export function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string | undefined> = {},
): ServerProcess {
  const { DATABASE_URL: _database, RATE_URL: _rate, SMTP_URL: _smtp, QUERY_LOG: _log, ...base } = process.env;
  const child = spawn(process.execPath, serverCommand().args, {
    cwd: repoRoot,
    env: {
      ...base,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_URL: 'off',
      JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until GET /health answers 200, polling every `everyMs`; fails at once if the process exits first. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 90_000, everyMs = 100): Promise<void> {
  let hasExited = false;
  void server.exited.then(() => (hasExited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`the server exited before it was ready:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(everyMs);
  }
  throw new Error(`the server was not ready after ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Waits until the periodic jobs' first run at start is over (`/metrics` counts it, from loopback): its statements
 * (the reminders job reads every contract in batches) must not be counted in an endpoint's capture or load.
 */
export async function waitForStartupJobs(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    if (/^camposanto_job_runs_total\{job="caducidad",outcome="[a-z]+"\} [1-9]/m.test(metrics)) return;
    await sleep(100);
  }
  throw new Error(`the startup jobs had not run after ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Waits until the server is idle: `/ready` (one `select 1`) answers within `quickMs` twice in a row. After a load,
 * requests the client gave up on may still be running their statements (on PGlite they queue before every other
 * statement); the next measurement must not pay for them.
 */
export async function waitUntilIdle(server: ServerProcess, quickMs = 50, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quickInARow = 0;
  while (quickInARow < 2 && Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${server.url}/ready`).catch(() => undefined);
    await response?.arrayBuffer();
    quickInARow = response?.ok && performance.now() - started < quickMs ? quickInARow + 1 : 0;
    if (quickInARow < 2) await sleep(quickInARow ? 0 : 100);
  }
}

/**
 * Stops a server if it still runs and waits for it to exit: SIGTERM first, so it closes its database (an
 * embedded data folder must be closed cleanly to be opened again), SIGKILL after `graceMs`.
 */
export async function stopServer(server: ServerProcess | undefined, graceMs = 15_000): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(timer);
}

/** Milliseconds from spawning the server to its first 200 on /health. */
export async function coldStart(dataDir: string, env: Record<string, string | undefined>): Promise<number> {
  const started = performance.now();
  const server = startServer(dataDir, await freePort(), env);
  try {
    await waitForHealth(server, 90_000, 10);
    return performance.now() - started;
  } finally {
    await stopServer(server);
  }
}

/** Resident memory of a process in MB, from /proc (Linux); 0 once it has exited. */
export function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every `everyMs` and keeps the peak, until stopped. */
export function sampleRss(pid: number, everyMs = 25): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

export async function postJson(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Creates the bench administrator unless an administrator exists (a reused data set), then signs in as them. */
export async function adminToken(baseUrl: string): Promise<string> {
  const check = await fetch(`${baseUrl}/api/v1/verificar-admin`);
  const { admin_creado: hasAdmin } = (await check.json()) as { admin_creado: boolean };
  if (!hasAdmin) {
    const created = await postJson(`${baseUrl}/api/v1/crear-admin`, BENCH_ADMIN);
    if (!created.ok) throw new Error(`crear-admin failed: ${created.status} ${await created.text()}`);
  }
  return signIn(baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
}
