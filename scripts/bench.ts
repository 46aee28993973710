// `npm run bench` (issue 12, docs/performance.md): on PGlite and/or PostgreSQL, generates a data set of
// BENCH_CONTRACTS contracts in SQL, starts the real server as a child process, loads every list of SPEC §7 (first,
// middle and last page), the dashboard, the income summary and the login over HTTP (wrk or autocannon), and
// measures beside each endpoint its floor: the same statements (logged by the server with QUERY_LOG) replayed
// straight on the driver at the same concurrency. Prints one table per database, with server RSS and cold start.
//
// BENCH_DB=pglite|postgres|both (default: both when DATABASE_URL is set, else pglite); BENCH_CONTRACTS (100000),
// BENCH_CONTRACTS_PGLITE / BENCH_CONTRACTS_POSTGRES per database; BENCH_SELLERS (one per 500 contracts);
// BENCH_SECONDS per endpoint (3); BENCH_DATA_DIR keeps the PGlite data folder there; BENCH_REUSE=1 benches an
// existing bench data set again; BENCH_ONLY=plots,audit benches only the endpoints whose name contains one of
// those substrings; BENCH_ROUNDS=3 loads every endpoint (and its floor) three times, round after round, and
// reports the medians; BENCH_LOAD=wrk|autocannon (default: wrk when installed).
import { verify } from '@node-rs/argon2';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { countCpu } from './bench/cpu';
import { openFloor, preparePglite, preparePostgres } from './bench/databases';
import { datasetSize } from './bench/dataset';
import { discoverEndpoints, type Endpoint } from './bench/endpoints';
import { groupByTurn, loadFloor, loadGenerator, loadHttp, logOffset, statementsSince } from './bench/load';
import { medianSample, type Sample } from './bench/sample';
import { formatReport, type DatabaseReport, type Row } from './bench/report';
import {
  adminToken,
  BENCH_ADMIN,
  buildServerIfStale,
  coldStart,
  freePort,
  sampleRss,
  serverCommand,
  startServer,
  stopServer,
  waitForHealth,
  waitForStartupJobs,
  waitUntilIdle,
} from './bench/server';

type Driver = 'pglite' | 'postgres';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
// A shared machine's noise moves one run's p95 by ±20 %: rounds spread each endpoint over the whole run.
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const COLD_STARTS = 3;
const WARM_UP_SECONDS = 2;
const databaseUrl = process.env.DATABASE_URL || undefined;
const which = process.env.BENCH_DB ?? (databaseUrl ? 'both' : 'pglite');
const drivers: Driver[] = which === 'both' ? ['pglite', 'postgres'] : [which as Driver];
if (!drivers.every((driver) => driver === 'pglite' || driver === 'postgres')) {
  throw new Error(`BENCH_DB must be pglite, postgres or both, not ${which}`);
}
if (drivers.includes('postgres') && !databaseUrl) {
  throw new Error(
    'BENCH_DB=postgres needs DATABASE_URL (an empty or new database; the bench creates it if missing).',
  );
}
const isReuse = process.env.BENCH_REUSE === '1';
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const isBenched = (endpoint: Endpoint) => !only || only.some((part) => endpoint.name.includes(part));

const contractsFor = (driver: Driver) =>
  Number(process.env[`BENCH_CONTRACTS_${driver.toUpperCase()}`] ?? process.env.BENCH_CONTRACTS ?? 100_000);
const sellers = process.env.BENCH_SELLERS ? Number(process.env.BENCH_SELLERS) : undefined;
if (sellers !== undefined && !(Number.isInteger(sellers) && sellers >= 2)) {
  throw new Error(`BENCH_SELLERS must be a whole number of at least 2, not ${process.env.BENCH_SELLERS}`);
}

/**
 * A second call of each endpoint with the query log on: its status and the statements it ran. The second, as the
 * load finds the server: an unpaged list kept whole (decision 056) runs only its version's statement once built.
 */
async function capture(baseUrl: string, endpoints: Endpoint[], logFile: string) {
  for (const endpoint of endpoints) {
    const { method, path: url, headers, body } = endpoint.request;
    const call = async () => {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { ...headers, 'x-forwarded-for': '10.255.0.1' },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    };
    await call();
    const offset = logOffset(logFile);
    endpoint.status = await call();
    endpoint.statements = statementsSince(logFile, offset);
  }
}

async function floorOf(
  query: Parameters<typeof loadFloor>[0],
  endpoint: Endpoint,
  passwordHash: string,
  driver: Driver,
): Promise<Sample> {
  const groups = groupByTurn(endpoint.statements ?? []);
  const extra = endpoint.kind === 'login' ? () => verify(passwordHash, BENCH_ADMIN.password) : undefined;
  const cpu = countCpu('floor', driver === 'postgres');
  const sample = await loadFloor(query, groups, endpoint.connections, SECONDS, extra);
  return { ...sample, cpu: cpu.perRequest(sample.requests) };
}

async function benchDatabase(driver: Driver): Promise<DatabaseReport> {
  const contracts = contractsFor(driver);
  const size = datasetSize(contracts, sellers);
  const keptDir = process.env.BENCH_DATA_DIR;
  const dataDir = keptDir ? path.resolve(keptDir) : mkdtempSync(path.join(tmpdir(), 'camposanto-bench-'));
  mkdirSync(dataDir, { recursive: true });
  const dbDir = path.join(dataDir, 'db');
  const logFile = path.join(dataDir, 'query-log.jsonl');
  const env = {
    ...(driver === 'postgres' ? { DATABASE_URL: databaseUrl } : {}),
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  };
  console.info(
    `\n${driver}: ${contracts.toLocaleString('en')} contracts, ${size.sellers} sellers, data in ${dataDir}`,
  );
  try {
    const generationSeconds =
      driver === 'postgres'
        ? await preparePostgres(databaseUrl!, size, isReuse)
        : await preparePglite(dbDir, size, isReuse);
    console.info(
      generationSeconds === undefined
        ? '  reusing the data set'
        : `  data set generated in ${generationSeconds.toFixed(1)} s`,
    );

    // 1. Capture: each endpoint once, with the query log on.
    const logged = startServer(dataDir, await freePort(), { ...env, QUERY_LOG: logFile });
    let endpoints: Endpoint[];
    let token: string;
    try {
      await waitForHealth(logged);
      await waitForStartupJobs(logged);
      token = await adminToken(logged.url);
      endpoints = (await discoverEndpoints(logged.url, token, driver, size)).filter(isBenched);
      await capture(logged.url, endpoints, logFile);
    } finally {
      await stopServer(logged);
    }

    // 2. Cold starts on the existing data set.
    const coldStartsMs: number[] = [];
    for (let run = 0; run < COLD_STARTS; run += 1) coldStartsMs.push(await coldStart(dataDir, env));
    console.info(`  cold starts: ${coldStartsMs.map((value) => value.toFixed(0)).join(', ')} ms`);

    // 3. Load over HTTP; on PostgreSQL the floor runs right after each endpoint, the server idle.
    const floorTarget =
      driver === 'postgres' ? { driver, url: databaseUrl! } : { driver: 'pglite' as const, dbDir };
    const postgresFloor = driver === 'postgres' ? await openFloor(floorTarget) : undefined;
    const passwordHash = await (async () => {
      if (!postgresFloor) return '';
      const rows = (await postgresFloor.query('select password_hash from usuarios where email = $1', [
        BENCH_ADMIN.email,
      ])) as { rows: { password_hash: string }[] };
      return rows.rows[0]!.password_hash;
    })();
    const samples = new Map<Endpoint, Sample[]>();
    const floors = new Map<Endpoint, Sample[]>();
    const keep = (taken: Map<Endpoint, Sample[]>, endpoint: Endpoint, sample: Sample) =>
      taken.set(endpoint, [...(taken.get(endpoint) ?? []), sample]);
    const server = startServer(dataDir, await freePort(), env);
    let rssPeakMb = 0;
    try {
      await waitForHealth(server);
      await waitForStartupJobs(server);
      const rss = sampleRss(server.child.pid!);
      // A running server is warm: V8 has compiled its hot code. Without this the first endpoint measured a cold
      // server (its server CPU per request 1.3–1.8× the same list's next pages in four runs), not the list.
      const first = endpoints.find((endpoint) => endpoint.status === 200);
      if (first) await loadHttp(server.url, first.request, first.connections, WARM_UP_SECONDS);
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const endpoint of endpoints) {
          if (endpoint.status !== 200) continue;
          await waitUntilIdle(server);
          const { method, path: url, headers, body } = endpoint.request;
          await fetch(`${server.url}${url}`, { method, headers, body }).then((response) =>
            response.arrayBuffer(),
          );
          const cpu = countCpu(server.child.pid!, driver === 'postgres');
          const { loadCpuMs, ...sample } = await loadHttp(
            server.url,
            endpoint.request,
            endpoint.connections,
            SECONDS,
          );
          keep(samples, endpoint, { ...sample, cpu: cpu.perRequest(sample.requests, loadCpuMs) });
          let floor: Sample | undefined;
          if (postgresFloor) {
            await waitUntilIdle(server);
            floor = await floorOf(postgresFloor.query, endpoint, passwordHash, driver);
            keep(floors, endpoint, floor);
          }
          console.info(
            `  ${ROUNDS > 1 ? `[${round}/${ROUNDS}] ` : ''}${endpoint.name}: p95 ${sample.p95.toFixed(1)} ms, ` +
              `${sample.rps.toFixed(0)} req/s${floor ? `, floor ${floor.rps.toFixed(0)} req/s` : ''}`,
          );
        }
      }
      rssPeakMb = rss.stop();
    } finally {
      await stopServer(server);
      await postgresFloor?.close();
    }

    // 4. PGlite: the server owns the folder while it runs, so its floor runs now, on the same folder.
    if (driver === 'pglite') {
      const floor = await openFloor(floorTarget);
      try {
        const [admin] = (
          (await floor.query('select password_hash from usuarios where email = $1', [BENCH_ADMIN.email])) as {
            rows: { password_hash: string }[];
          }
        ).rows;
        for (let round = 1; round <= ROUNDS; round += 1) {
          for (const endpoint of endpoints) {
            if (endpoint.status === 200)
              keep(floors, endpoint, await floorOf(floor.query, endpoint, admin!.password_hash, driver));
          }
        }
      } finally {
        await floor.close();
      }
    }

    const rows: Row[] = endpoints.map((endpoint) => ({
      name: endpoint.name,
      target: endpoint.target,
      sample: medianSample(samples.get(endpoint)),
      floor: medianSample(floors.get(endpoint)),
      note:
        endpoint.status !== 200
          ? `(answered ${endpoint.status}${endpoint.note ? `; ${endpoint.note}` : ''})`
          : `${endpoint.note ?? ''} (${endpoint.statements?.length ?? 0} statements)`.trim(),
    }));
    return {
      driver,
      contracts,
      sellers: size.sellers,
      generationSeconds,
      rows,
      rssPeakMb,
      rssTargetMb: driver === 'postgres' ? 400 : 900,
      coldStartsMs,
      coldStartTargetMs: driver === 'postgres' ? 1500 : 3000,
      serverCommand: serverCommand().isCompiled ? 'apps/api/dist/server.js' : 'tsx apps/api/src/server.ts',
      loadGenerator,
    };
  } finally {
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// The machine may be shared: the load average before and after says how much the figures can be trusted.
const loadBefore = loadavg()[0]!;
buildServerIfStale();
const reports: DatabaseReport[] = [];
for (const driver of drivers) reports.push(await benchDatabase(driver));
console.info(
  `\nBENCH ${new Date().toISOString()} · ${SECONDS} s per endpoint` +
    `${ROUNDS > 1 ? ` · medians of ${ROUNDS} rounds` : ''} · loaded by ${loadGenerator} · ` +
    `lists at 10 connections, login at 8 · ` +
    `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after\n`,
);
for (const report of reports) console.info(`${formatReport(report)}\n`);
