import type { FastifyInstance } from 'fastify';
import { runExclusive } from '../lib/job-lock';
import { pruneExpiredCounters } from '../lib/shared-counters';
import { expireOverdueRequests, markOverdueInstalments } from '../modules/caducidad/service';
import { foldSellerChanges } from '../modules/ventas/seller-changes';
import { recordJobRun, type JobRunOutcome } from '../modules/metricas/metrics';
import { sendDueReminders } from './reminders';

const EXPIRY_EVERY_MS = 5 * 60 * 1000;

/** Each job's advisory lock (`lib/job-lock.ts`): one instance runs it at a time. */
export const JOB_LOCK_IDS = { caducidad: 1, tasaCambio: 2 } as const;

/** What one call of a job did: ran here, skipped (still running here, or running on another instance), failed. */
export type JobOutcome = JobRunOutcome;

/**
 * The periodic work of DESIGN §4.6 and §4.9, each job a function running it once (issue 16): skipped while it
 * still runs on this instance or runs on another (docs/decisions/025). The work is idempotent anyway: expiry and
 * overdue marking are conditional updates, and each reminder is taken by a unique index before it is sent.
 * Each step logs its failure and waits for the next turn; each call is counted in the metrics (decision 027).
 */
export function periodicJobs(
  app: FastifyInstance,
): Record<'expiry' | 'refreshRate', () => Promise<JobOutcome>> {
  const running = new Set<number>();
  const job =
    (name: string, lockId: number, work: () => Promise<boolean>) => async (): Promise<JobOutcome> => {
      if (running.has(lockId)) {
        recordJobRun(app, name, 'skipped', 0);
        return 'skipped';
      }
      running.add(lockId);
      const started = performance.now();
      let outcome: JobOutcome = 'failed';
      try {
        const run = await runExclusive(app.db, lockId, work);
        outcome = !run.ran ? 'skipped' : run.result ? 'ran' : 'failed';
      } catch (error) {
        app.log.warn({ err: error, job: name }, 'job failed; it runs again later');
      } finally {
        running.delete(lockId);
        recordJobRun(app, name, outcome, (performance.now() - started) / 1000);
      }
      return outcome;
    };
  /** One step of a job: its failure is logged and does not stop the next step. Answers whether it succeeded. */
  const step = async (name: string, work: () => Promise<unknown>): Promise<boolean> => {
    try {
      await work();
      return true;
    } catch (error) {
      app.log.warn({ err: error, job: name }, 'job failed; it runs again later');
      return false;
    }
  };
  return {
    expiry: job('caducidad', JOB_LOCK_IDS.caducidad, async () => {
      const expired = await step('caducidad', async () => {
        await expireOverdueRequests({ db: app.db });
        await markOverdueInstalments({ db: app.db });
      });
      // Issue 14: the reminders follow the overdue marking, so an instalment that just fell due gets its 'vencida'.
      const reminded = await step('recordatorios', () =>
        sendDueReminders({ db: app.db, mailer: app.mailer, storage: app.storage, log: app.log }),
      );
      // Issue 16: the shared sign-in and rate-limit counts past their expiry.
      const pruned = await step('contadores', () => pruneExpiredCounters(app.db));
      // Decision 056: the sellers' changes behind the kept lists' versions, one row each.
      const folded = await step('cambios-vendedor', () => foldSellerChanges(app.db));
      return expired && reminded && pruned && folded;
    }),
    refreshRate: job('tasa-cambio', JOB_LOCK_IDS.tasaCambio, () =>
      step('tasa-cambio', () => app.rates.refreshOfficial()),
    ),
  };
}

/**
 * Starts the jobs: once now, then every 5 minutes (expiry) and every RATE_REFRESH_MINUTES (the rate). Answers the
 * way to stop them, which settles once the runs in flight have ended: the server closes the database after it,
 * so a run is never cut between its statements ('PGlite is closed').
 */
export function startJobs(app: FastifyInstance): () => Promise<void> {
  const { expiry, refreshRate } = periodicJobs(app);
  const inFlight = new Set<Promise<JobOutcome>>();
  const run = (job: () => Promise<JobOutcome>) => () => {
    const running = job();
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  };
  const timers = [
    setInterval(run(expiry), EXPIRY_EVERY_MS),
    setInterval(run(refreshRate), app.config.rateRefreshMinutes * 60 * 1000),
  ];
  run(expiry)();
  run(refreshRate)();
  return async () => {
    timers.forEach(clearInterval);
    await Promise.all(inFlight);
  };
}
