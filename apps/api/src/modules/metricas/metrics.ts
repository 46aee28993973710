import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client';
import { pendingTurns } from '../../db/fair-turns';

/** How a call of a periodic job ended (jobs/scheduler.ts): `skipped` while it ran here or on another instance. */
export type JobRunOutcome = 'ran' | 'skipped' | 'failed';

export type AppMetrics = ReturnType<typeof createMetrics>;

/**
 * Issue 16, decision 027: the metrics of one application, in a registry of its own (the tests build many
 * applications in one process, and prom-client's global registry refuses a metric registered twice).
 * Labels are bounded by construction: routes by their pattern, never the URL; no user, seller or id.
 */
export function createMetrics(db: Db) {
  // Started with the first application, not its first scrape: prom-client counts CPU time from this call.
  processMetrics();
  const registry = new Registry();
  const registers = [registry];
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of the HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const httpErrors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a status of 400 or more, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const jobRuns = new Counter({
    name: 'camposanto_job_runs_total',
    help: 'Calls of the periodic jobs, by job and outcome: ran, failed, or skipped (running here or on another instance).',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'camposanto_job_duration_seconds',
    help: 'Duration of the periodic jobs that ran, by job.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
    registers,
  });
  const requestsCreated = new Counter({
    name: 'camposanto_requests_created_total',
    help: 'Requests (solicitudes) registered, counting each request of a batch.',
    registers,
  });
  const contractsConverted = new Counter({
    name: 'camposanto_contracts_converted_total',
    help: 'Requests converted into contracts.',
    registers,
  });
  const paymentsReported = new Counter({
    name: 'camposanto_payments_reported_total',
    help: 'Payments reported: initial, cash and instalment payments, by kind and currency.',
    labelNames: ['tipo', 'metodo'] as const,
    registers,
  });
  const bolivaresReported = new Counter({
    name: 'camposanto_payments_ves_bolivares_total',
    help: 'Bolívares of the payments reported (VES and the VES part of mixed payments).',
    registers,
  });
  registerPoolGauges(registry, db);
  return {
    registry,
    httpDuration,
    httpErrors,
    jobRuns,
    jobDuration,
    requestsCreated,
    contractsConverted,
    paymentsReported,
    bolivaresReported,
  };
}

/**
 * The database's connections, read when scraped. PostgreSQL: node-postgres's pool (open, idle, and queries
 * waiting for a connection). PGlite: one connection, idle when no statement is in its turns, and the
 * statements waiting behind the running one (db/fair-turns.ts).
 */
function registerPoolGauges(registry: Registry, db: Db) {
  const client = (db as unknown as { $client?: unknown }).$client;
  const driver = client instanceof pg.Pool ? 'postgres' : 'pglite';
  const read = (): { open: number; idle: number; waiting: number } => {
    if (client instanceof pg.Pool)
      return { open: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
    const pending = client && typeof client === 'object' ? (pendingTurns(client) ?? 0) : 0;
    return { open: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(pending - 1, 0) };
  };
  const gauge = (name: string, help: string, pick: (state: ReturnType<typeof read>) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['driver'] as const,
      registers: [registry],
      collect() {
        this.set({ driver }, pick(read()));
      },
    });
  gauge('camposanto_db_pool_connections', 'Open connections to the database.', (s) => s.open);
  gauge('camposanto_db_pool_idle_connections', 'Open connections to the database not in use.', (s) => s.idle);
  gauge(
    'camposanto_db_pool_waiting_queries',
    'Queries or transactions waiting for a connection to the database.',
    (s) => s.waiting,
  );
}

let processRegistry: Registry | undefined;

/**
 * Node's process metrics (CPU, memory, event loop lag, GC), which belong to the process rather than to one
 * application: collected once per process into a registry of their own, since each collection leaves a GC
 * observer and an event-loop monitor running for good.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The text of GET /metrics: the process's metrics, then the application's. */
export async function metricsText(metrics: AppMetrics): Promise<string> {
  return (await processMetrics().metrics()) + (await metrics.registry.metrics());
}

/** Called by the scheduler's wrapper once per run of a job (jobs/scheduler.ts). */
export function recordJobRun(
  app: FastifyInstance,
  job: string,
  outcome: JobRunOutcome,
  seconds: number,
): void {
  app.metrics.jobRuns.inc({ job, outcome });
  if (outcome !== 'skipped') app.metrics.jobDuration.observe({ job }, seconds);
}
