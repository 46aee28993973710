// `npm run bench:health`: issue 11 #11 — how long GET /health takes while the server is busy with lists.
// Starts the real server (PGlite, its own data folder) on loopback, imports BENCH_HEALTH_PLOTS (5,000) plots,
// then sends BENCH_HEALTH_REQUESTS (500) concurrent GET /parcelas pages and probes /health every 20 ms until
// they are all answered. Target: /health p99 under 100 ms. Runs BENCH_HEALTH_RUNS (3) bursts and prints each
// and the median of their p99. Every burst and every probe is bounded in time.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  adminToken,
  freePort,
  startServer,
  stopServer,
  waitForHealth,
  type ServerProcess,
} from './bench/server';

const PLOTS = Number(process.env.BENCH_HEALTH_PLOTS ?? 5_000);
const REQUESTS = Number(process.env.BENCH_HEALTH_REQUESTS ?? 500);
const RUNS = Number(process.env.BENCH_HEALTH_RUNS ?? 3);
const PROBE_EVERY_MS = 20;
const PROBE_TIMEOUT_MS = 5_000;
const BURST_TIMEOUT_MS = 120_000;
const TARGET_MS = 100;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function importPlots(url: string, token: string): Promise<void> {
  const rows = Array.from({ length: PLOTS }, (_, i) => {
    const code = `A${String(Math.floor(i / 100) % 100).padStart(2, '0')}-${String(i % 100).padStart(2, '0')}-${String(Math.floor(i / 10_000) + 1).padStart(2, '0')}`;
    return `${code};3;0;0;0`;
  });
  const form = new FormData();
  const csv = ['codigo;disponible;reservadas;ocupadas;vendidas', ...rows].join('\n');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'parcelas.csv');
  const response = await fetch(`${url}/api/admin/upload-parcelas`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`plot import failed: ${response.status} ${await response.text()}`);
}

// The prober runs in a worker thread, so that the client's own work (500 responses to read) does not delay
// or stretch its measurements: it probes /health every PROBE_EVERY_MS until told to stop, then posts
// [start offset, time] pairs (time Infinity for a failed or timed-out probe).
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, every, timeout } = workerData;
const results = [];
const pending = [];
const origin = performance.now();
let isStopped = false;
parentPort.on('message', async () => {
  isStopped = true;
  await Promise.all(pending);
  parentPort.postMessage(results);
});
(async () => {
  while (!isStopped) {
    const started = performance.now();
    pending.push(
      fetch(url + '/health', { signal: AbortSignal.timeout(timeout) })
        .then(async (response) => {
          await response.arrayBuffer();
          results.push([started - origin, response.ok ? performance.now() - started : Infinity]);
        })
        .catch(() => results.push([started - origin, Infinity])),
    );
    await new Promise((resolve) => setTimeout(resolve, every));
  }
})();
`;

async function burst(url: string, token: string) {
  const pages = Math.max(1, Math.floor(PLOTS / 50));
  const prober = new Worker(PROBER, {
    eval: true,
    workerData: { url, every: PROBE_EVERY_MS, timeout: PROBE_TIMEOUT_MS },
  });
  const started = performance.now();
  let firstAnswerMs = Number.POSITIVE_INFINITY;
  const statuses = await Promise.all(
    Array.from({ length: REQUESTS }, (_, i) =>
      fetch(`${url}/parcelas?page=${(i % pages) + 1}&per_page=50`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(BURST_TIMEOUT_MS),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          firstAnswerMs = Math.min(firstAnswerMs, performance.now() - started);
          return response.status;
        })
        .catch(() => 0),
    ),
  );
  const listMs = performance.now() - started;
  prober.postMessage('stop');
  const [probes] = (await once(prober, 'message')) as [[number, number][]];
  await prober.terminate();
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return { probes, statuses: counts, listMs, firstAnswerMs };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'camposanto-bench-health-'));
let server: ServerProcess | undefined;
const p99s: number[] = [];
try {
  server = startServer(dataDir, await freePort(), { LOG_LEVEL: 'error' });
  await waitForHealth(server);
  const token = await adminToken(server.url);
  await importPlots(server.url, token);
  for (let run = 1; run <= RUNS; run += 1) {
    const { probes, statuses, listMs, firstAnswerMs } = await burst(server.url, token);
    const times = probes.map(([, time]) => time);
    // Once the server answers its first list, the whole burst has arrived and is in flight.
    const inFlight = probes.filter(([offset]) => offset >= firstAnswerMs).map(([, time]) => time);
    const failed = times.filter((time) => !Number.isFinite(time)).length;
    const p99 = quantile(inFlight, 0.99);
    p99s.push(p99);
    console.info(
      `run ${run}: ${REQUESTS} × GET /parcelas in ${listMs.toFixed(0)} ms (first answer at ${firstAnswerMs.toFixed(0)} ms), ` +
        `statuses ${JSON.stringify(statuses)}; /health × ${times.length}, failed ${failed}; ` +
        `while in flight (× ${inFlight.length}): p50 ${quantile(inFlight, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `max ${quantile(inFlight, 1).toFixed(1)} ms; whole burst including its arrival: p99 ${quantile(times, 0.99).toFixed(1)} ms`,
    );
  }
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
const median = quantile(p99s, 0.5);
console.info(
  `median p99 of ${RUNS} runs: ${median.toFixed(1)} ms; target < ${TARGET_MS} ms: ${median < TARGET_MS ? 'met' : 'NOT met'}`,
);
process.exitCode = median < TARGET_MS ? 0 : 1;
