import type { FastifyInstance } from 'fastify';
import { expireOverdueRequests, markOverdueInstalments } from '../modules/caducidad/service';
import { sendDueReminders } from './reminders';

const EXPIRY_EVERY_MS = 5 * 60 * 1000;

/** Periodic work of DESIGN §4.6 and §4.9. Each run logs its failure and waits for the next one. */
export function startJobs(app: FastifyInstance): () => void {
  const run = (name: string, work: () => Promise<unknown>) => async () => {
    try {
      await work();
    } catch (error) {
      app.log.warn({ err: error, job: name }, 'job failed; it runs again later');
    }
  };
  const expireOnly = run('caducidad', async () => {
    await expireOverdueRequests({ db: app.db });
    await markOverdueInstalments({ db: app.db });
  });
  // Issue 14: the reminders follow the overdue marking, so an instalment that just fell due gets its 'vencida'.
  const remind = run('recordatorios', () =>
    sendDueReminders({ db: app.db, mailer: app.mailer, storage: app.storage, log: app.log }),
  );
  const expire = async () => {
    await expireOnly();
    await remind();
  };
  const refreshRate = run('tasa-cambio', () => app.rates.refreshOfficial());
  const timers = [
    setInterval(expire, EXPIRY_EVERY_MS),
    setInterval(refreshRate, app.config.rateRefreshMinutes * 60 * 1000),
  ];
  void expire();
  void refreshRate();
  return () => timers.forEach(clearInterval);
}
