// `npm run bench:uploads`: issue 11 #7 — how much a burst of large uploads adds to the server's memory.
// Starts the real server (PGlite, its own data folder) on loopback, sends BENCH_UPLOAD_REQUESTS (20) concurrent
// POST /api/reporte-pagos/guardar-pago, each with BENCH_UPLOAD_FILES (10) receipts of 9.9 MB, and samples the
// server's resident memory. Target: the burst adds less than 150 MB. Runs BENCH_UPLOAD_RUNS (3) times, each on
// a fresh server, and prints every run and the medians. Every run is bounded in time.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminToken,
  freePort,
  rssMb,
  startServer,
  stopServer,
  waitForHealth,
  type ServerProcess,
} from './bench/server';

const REQUESTS = Number(process.env.BENCH_UPLOAD_REQUESTS ?? 20);
const FILES = Number(process.env.BENCH_UPLOAD_FILES ?? 10);
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const FILE_BYTES = Math.round(9.9 * 1024 * 1024);
const BURST_TIMEOUT_MS = 60_000;
const TARGET_MB = 150;
const BOUNDARY = '----camposanto-bench-boundary';

// A receipt that is a PNG by its signature and header (1000 × 1000), padded to 9.9 MB: the server reads it all.
const png = Buffer.alloc(FILE_BYTES, 0x2a);
Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png);
png.write('IHDR', 12, 'latin1');
png.writeUInt32BE(1000, 16);
png.writeUInt32BE(1000, 20);

const part = (headers: string) => Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`, 'latin1');

/**
 * One upload streamed as a browser sends it (the file buffer is shared, never copied per request). Settles
 * with the status, or with 0 when the server closed the connection before answering.
 */
function upload(url: string, token: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}/api/reporte-pagos/guardar-pago`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    const write = async () => {
      const fields = { solicitud_id: '1', metodoPago: 'USD' };
      for (const [name, value] of Object.entries(fields)) {
        req.write(part(`Content-Disposition: form-data; name="${name}"`));
        req.write(`${value}\r\n`);
      }
      for (let index = 0; index < FILES; index += 1) {
        const field = index % 2 === 0 ? 'comprobante_usd' : 'comprobante_ves';
        const head = `Content-Disposition: form-data; name="${field}"; filename="recibo${index}.png"\r\nContent-Type: image/png`;
        if (req.destroyed) return;
        req.write(part(head));
        if (!req.write(png)) await new Promise((drained) => req.once('drain', drained));
        req.write('\r\n');
      }
      req.end(`--${BOUNDARY}--\r\n`);
    };
    void write().catch(() => resolve(0));
  });
}

async function run(
  index: number,
): Promise<{ baseline: number; peak: number; statuses: Record<string, number> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camposanto-bench-uploads-'));
  let server: ServerProcess | undefined;
  try {
    server = startServer(dataDir, await freePort(), { LOG_LEVEL: 'error' });
    await waitForHealth(server);
    const token = await adminToken(server.url);
    // Warm up: the first upload loads the multipart code paths, so the baseline includes them.
    await upload(server.url, token);
    const pid = server.child.pid!;
    const baseline = rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
    const deadline = new Promise<number[]>((resolve) =>
      setTimeout(() => resolve([]), BURST_TIMEOUT_MS).unref(),
    );
    const burst = Promise.all(Array.from({ length: REQUESTS }, () => upload(server!.url, token)));
    const results = await Promise.race([burst, deadline]);
    clearInterval(sampler);
    if (results.length === 0) throw new Error(`run ${index}: the burst took over ${BURST_TIMEOUT_MS} ms`);
    const statuses: Record<string, number> = {};
    for (const status of results) statuses[status] = (statuses[status] ?? 0) + 1;
    return { baseline, peak, statuses };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const growths: number[] = [];
const peaks: number[] = [];
for (let index = 1; index <= RUNS; index += 1) {
  const { baseline, peak, statuses } = await run(index);
  growths.push(peak - baseline);
  peaks.push(peak);
  console.info(
    `run ${index}: ${REQUESTS} × ${FILES} files of 9.9 MB — RSS ${baseline.toFixed(0)} → ${peak.toFixed(0)} MB ` +
      `(+${(peak - baseline).toFixed(0)} MB), statuses ${JSON.stringify(statuses)}`,
  );
}
const growth = median(growths);
console.info(
  `median of ${RUNS}: +${growth.toFixed(0)} MB (peak ${median(peaks).toFixed(0)} MB); target < ${TARGET_MB} MB: ${
    growth < TARGET_MB ? 'met' : 'NOT met'
  }`,
);
process.exitCode = growth < TARGET_MB ? 0 : 1;
