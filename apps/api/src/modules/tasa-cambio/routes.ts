import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, exchangeRateSchema, setExchangeRateSchema } from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';

const tags = ['Tasa de cambio'];

export async function tasaCambioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readSchema = {
    tags,
    summary: 'Tasa oficial del dólar en bolívares (promedio)',
    response: { 200: exchangeRateSchema },
  };
  const read = async () => app.rates.getCurrent();

  r.get('/api/v1/tasa-cambio', { onRequest: requireRoles(app), schema: readSchema }, read);
  // The old front end read a DolarApi-style path; served here too so it can point at this host.
  r.get('/v1/dolares/oficial', { onRequest: requireRoles(app), schema: readSchema }, read);

  r.put(
    '/api/v1/tasa-cambio',
    {
      onRequest: requireRoles(app, 'administrador'),
      schema: {
        tags,
        summary: 'Fija la tasa manualmente',
        body: setExchangeRateSchema,
        response: { 200: exchangeRateSchema, 403: errorBodySchema },
      },
    },
    async (request) => app.rates.setManual({ promedio: request.body.promedio, actor: sessionOf(request) }),
  );
}
