import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { expiryRunSchema } from '@camposanto/domain';
import { expireOverdueRequests } from './service';

export async function caducidadRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/solicitudes/procesar-solicitudes-caducadas',
    {
      // SPEC §2: the login page calls it before anyone signs in, so it needs no token; it only applies the
      // expiry rule that the periodic job applies anyway, and is rate limited.
      config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['Solicitudes'],
        summary: 'Caduca las solicitudes vencidas y libera sus reservas',
        response: { 200: expiryRunSchema },
      },
    },
    async () => ({ procesadas: await expireOverdueRequests({ db: app.db }) }),
  );
}
