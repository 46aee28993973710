// `node --import tsx scripts/measure-start.ts [--source | --compare] [--cpu-prof]`: issue 12, cold start of the
// server to its first 200 on GET /health, median of MEASURE_START_RUNS (5) starts, on PGlite with an existing data
// set (a DATA_DIR seeded once with the demo data) and, when MEASURE_DATABASE_URL (else DATABASE_URL) is set, on
// PostgreSQL (a database of its own: the first start migrates it). Runs the compiled server (apps/api/dist/server.js,
// as `npm start` does; `npm run build:api` builds it), with --source the TypeScript through tsx (as
// `npm run dev` does), with --compare both, alternately, so that a shared machine's load weighs on both alike.
// Beside the wall time it prints the CPU time the server used until its first 200 (user + system, from /proc),
// which the load of other processes changes less. Targets: ≤ 1.5 s PostgreSQL, ≤ 3 s PGlite.
// With --cpu-prof each start also writes a V8 CPU profile to MEASURE_START_PROFILES (/tmp/camposanto-start-prof).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/api/test/helpers/server-process';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.MEASURE_START_RUNS ?? 5);
const modes: Mode[] = process.argv.includes('--compare')
  ? ['source', 'compiled']
  : process.argv.includes('--source')
    ? ['source']
    : ['compiled'];
const profileDir = process.env.MEASURE_START_PROFILES ?? '/tmp/camposanto-start-prof';
const databaseUrl = process.env.MEASURE_DATABASE_URL ?? process.env.DATABASE_URL;
const TARGETS_MS = { pglite: 3_000, postgres: 1_500 };
const compiledEntry = path.join(root, 'apps/api/dist/server.js');

type Database = keyof typeof TARGETS_MS;
type Mode = 'source' | 'compiled';
type Start = { wallMs: number; cpuMs: number };

function serverArgs(mode: Mode, extra: string[]): string[] {
  const profile = process.argv.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const entry =
    mode === 'source'
      ? ['--import', 'tsx', 'apps/api/src/server.ts']
      : ['--enable-source-maps', compiledEntry];
  return [...profile, ...entry, ...extra];
}

/** User + system CPU time of a live process, in milliseconds (Linux /proc; NaN elsewhere). */
function cpuTime(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Starts the server, times it from spawn to the first 200 on /health, then stops it. */
async function coldStart(
  mode: Mode,
  database: Database,
  dataDir: string,
  extra: string[] = [],
): Promise<Start> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs(mode, extra), {
    cwd: root,
    env: {
      ...base,
      ...(database === 'postgres' ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let elapsed = Number.NaN;
  let cpuMs = Number.NaN;
  const deadline = started + 120_000;
  while (performance.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      await response.arrayBuffer();
      if (response.ok) {
        elapsed = performance.now() - started;
        cpuMs = cpuTime(child.pid);
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill('SIGTERM');
  await exited;
  if (Number.isNaN(elapsed)) throw new Error(`the server did not answer /health on ${database}`);
  return { wallMs: elapsed, cpuMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function measure(database: Database): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camposanto-start-'));
  try {
    // The first start migrates and seeds the demo data set; it is not counted.
    await coldStart(modes[0] ?? 'compiled', database, dataDir, ['--demo']);
    const starts = new Map<Mode, Start[]>(modes.map((mode) => [mode, []]));
    for (let run = 0; run < RUNS; run += 1) {
      for (const mode of modes) starts.get(mode)?.push(await coldStart(mode, database, dataDir));
    }
    for (const [mode, runs] of starts) {
      const wall = median(runs.map((start) => start.wallMs));
      const verdict = wall <= TARGETS_MS[database] ? 'ok' : 'OVER TARGET';
      console.info(
        `${database.padEnd(8)} ${mode.padEnd(8)}  median ${wall.toFixed(0)} ms, CPU ${median(runs.map((start) => start.cpuMs)).toFixed(0)} ms ` +
          `(runs: ${runs.map((start) => start.wallMs.toFixed(0)).join(', ')})  target ≤ ${TARGETS_MS[database]} ms  ${verdict}`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (modes.includes('compiled') && !existsSync(compiledEntry)) {
  console.error('Falta apps/api/dist/server.js: ejecute `npm run build:api` (o use --source).');
  process.exit(1);
}
await measure('pglite');
if (databaseUrl) await measure('postgres');
else console.info('postgres  skipped: set MEASURE_DATABASE_URL (or DATABASE_URL) to measure it');
