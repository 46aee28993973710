import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseReachable } from '../../db/client';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['Salud'],
        response: {
          200: z.object({ status: z.string(), database: z.string() }),
          503: z.object({ status: z.string(), database: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const isUp = await isDatabaseReachable(app.db);
      return reply
        .status(isUp ? 200 : 503)
        .send({ status: isUp ? 'ok' : 'error', database: isUp ? 'ok' : 'sin conexión' });
    },
  );
}
