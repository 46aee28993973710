// CPU time per request, read from /proc (Linux): what the server, PostgreSQL and the floor's own process spend on
// one answer. Under a closed-loop load on two shared cores, an endpoint's throughput is these costs added up, so
// they say where its time goes (docs/performance.md). Elsewhere than Linux the figures are absent, not wrong.
import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts process times in ticks of 1/100 s (USER_HZ). */
export const TICK_MS = 10;

/** User and system time of one process, in ms; undefined when /proc cannot be read. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces: the fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Every PostgreSQL process of this machine (the bench's database is on loopback), in ms. */
function postgresCpuMs(): number | undefined {
  let total: number | undefined;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // gone meanwhile
    }
    total = (total ?? 0) + (processCpuMs(Number(entry)) ?? 0);
  }
  return total;
}

/** The bench's own process: the floor's driver, and PGlite when the floor runs on it. */
const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * The server's (or the floor's driver's) CPU per request, PostgreSQL's, and the load generator's while it loads
 * the server: the bench's own process (autocannon runs in it) and wrk's, when wrk loads it.
 */
export type CpuPerRequest = { processMs?: number; databaseMs?: number; loadMs?: number };

/**
 * Starts counting. `server`: the server's pid, the bench's own process counted as the load generator; or 'floor':
 * the bench's own process is the floor's driver. `database` counts PostgreSQL's processes as well.
 * `perRequest(n, loadOutsideMs)` divides what was spent since by the `n` requests answered; `loadOutsideMs` is
 * what a load generator outside the bench's process spent meanwhile.
 */
export function countCpu(server: number | 'floor', database: boolean) {
  const read = () => ({
    process: server === 'floor' ? ownCpuMs() : processCpuMs(server),
    database: database ? postgresCpuMs() : undefined,
    load: server === 'floor' ? undefined : ownCpuMs(),
  });
  const start = read();
  const per = (before: number | undefined, after: number | undefined, requests: number) =>
    before === undefined || after === undefined || requests === 0 ? undefined : (after - before) / requests;
  return {
    perRequest(requests: number, loadOutsideMs = 0): CpuPerRequest {
      const end = read();
      if (end.load !== undefined) end.load += loadOutsideMs;
      return {
        processMs: per(start.process, end.process, requests),
        databaseMs: per(start.database, end.database, requests),
        loadMs: per(start.load, end.load, requests),
      };
    },
  };
}
