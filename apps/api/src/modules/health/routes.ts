import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '@camposanto/domain';
import { isDatabaseReachable } from '../../db/client';

/** How long /ready waits for the database before it reports it unreachable. */
export const READY_TIMEOUT_MS = 2000;

/**
 * Liveness and readiness (issue 11 defect 11): `/health` answers as long as the process serves requests and
 * never waits on the database, so a busy database cannot make an orchestrator restart a healthy process;
 * `/ready` says whether the database answers within two seconds.
 */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    {
      config: { public: true, rateLimit: false },
      schema: { tags: ['Salud'], response: { 200: healthSchema } },
    },
    async () => ({ status: 'ok' }),
  );
  r.get(
    '/ready',
    {
      config: { public: true, rateLimit: false },
      schema: { tags: ['Salud'], response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (_request, reply) => {
      const isUp = await withTimeout(isDatabaseReachable(app.db), READY_TIMEOUT_MS);
      return reply
        .status(isUp ? 200 : 503)
        .send({ status: isUp ? 'ok' : 'error', database: isUp ? 'ok' : 'sin conexión' });
    },
  );
}

/** The check's answer, or false once `ms` have passed without one. */
async function withTimeout(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
