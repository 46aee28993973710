import type { FastifyInstance } from 'fastify';
import { expireOverdueRequests, markOverdueInstalments } from '../modules/caducidad/service';

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
  const expire = run('caducidad', async () => {
    await expireOverdueRequests({ db: app.db });
    await markOverdueInstalments({ db: app.db });
  });
  const refreshRate = run('tasa-cambio', () => app.rates.refreshOfficial());
  const timers = [
    setInterval(expire, EXPIRY_EVERY_MS),
    setInterval(refreshRate, app.config.rateRefreshMinutes * 60 * 1000),
  ];
  void expire();
  void refreshRate();
  return () => timers.forEach(clearInterval);
}
