// Load over HTTP with wrk or autocannon, and the floor beside it: the statements the endpoint ran (read from the
// server's QUERY_LOG) replayed straight on the database driver, at the same concurrency, with no framework.
import autocannon from 'autocannon';
import { openSync, readSync, statSync, closeSync } from 'node:fs';
import { quantile, type HttpRequest, type Sample } from './sample';
import { hasWrk, loadWithWrk } from './wrk';

/** One statement as the server's QUERY_LOG wrote it; statements of one event-loop turn were sent together. */
export type Statement = { turn: number; sql: string; params: unknown[] };

/**
 * What loads the server: `BENCH_LOAD` (`wrk` or `autocannon`), by default wrk when the machine has it (Debian's
 * package `wrk`), else autocannon, which needs nothing but npm.
 */
export const loadGenerator: 'wrk' | 'autocannon' = (() => {
  const asked = process.env.BENCH_LOAD;
  if (asked !== undefined && asked !== 'wrk' && asked !== 'autocannon')
    throw new Error(`BENCH_LOAD must be wrk or autocannon, not ${asked}`);
  if (asked === 'wrk' && !hasWrk()) throw new Error('BENCH_LOAD=wrk, but wrk is not installed');
  return asked ?? (hasWrk() ? 'wrk' : 'autocannon');
})();

/**
 * `connections` concurrent connections for `seconds`: latencies of the answered requests, throughput, failures;
 * and `loadCpuMs`, the CPU the load generator spent outside the bench's process (wrk's), in all.
 */
export function loadHttp(
  baseUrl: string,
  request: HttpRequest,
  connections: number,
  seconds: number,
): Promise<Sample & { loadCpuMs?: number }> {
  return loadGenerator === 'wrk'
    ? loadWithWrk(baseUrl, request, connections, seconds)
    : loadWithAutocannon(baseUrl, request, connections, seconds);
}

function loadWithAutocannon(
  baseUrl: string,
  request: HttpRequest,
  connections: number,
  seconds: number,
): Promise<Sample> {
  let address = 0;
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const tracker = autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        requests: [
          {
            method: request.method,
            path: request.path,
            headers: request.headers,
            body: request.body,
            setupRequest: request.isFromManyAddresses
              ? (raw) => ({ ...raw, headers: { ...raw.headers, 'x-forwarded-for': nextAddress() } })
              : (raw) => raw,
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          p50: quantile(latencies, 0.5),
          p95: quantile(latencies, 0.95),
          rps: result.requests.total / result.duration,
          requests: result.requests.total,
          failures: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    tracker.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
      latencies.push(responseTime),
    );
  });
}

/** The size of the query log now: statements logged after it belong to what runs next. */
export function logOffset(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The statements logged since `offset`. */
export function statementsSince(file: string, offset: number): Statement[] {
  const size = logOffset(file);
  if (size <= offset) return [];
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Statement);
}

/** Consecutive statements of one turn form a group: sent together, awaited together. */
export function groupByTurn(statements: Statement[]): Statement[][] {
  const groups: Statement[][] = [];
  for (const statement of statements) {
    const last = groups.at(-1);
    if (last && last[0]!.turn === statement.turn) last.push(statement);
    else groups.push([statement]);
  }
  return groups;
}

export type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * The floor: after one warm-up replay, `connections` workers, each replaying the groups in order (a group's
 * statements at once) and then `extra` (the login's password check), for `seconds`.
 */
export async function loadFloor(
  query: Query,
  groups: Statement[][],
  connections: number,
  seconds: number,
  extra?: () => Promise<unknown>,
): Promise<Sample> {
  const replay = async () => {
    for (const group of groups)
      await Promise.all(group.map((statement) => query(statement.sql, statement.params)));
    if (extra) await extra();
  };
  // Warmed like the endpoint, which gets one call before its load.
  await replay().catch(() => undefined);
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        await replay();
        latencies.push(performance.now() - t0);
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    rps: latencies.length / elapsed,
    requests: latencies.length,
    failures,
  };
}
