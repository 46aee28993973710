import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  exchangeRateSchema,
  rateHistoryEntrySchema,
  rateHistoryQuerySchema,
  setExchangeRateSchema,
} from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';

const tags = ['Tasa de cambio'];

export async function tasaCambioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Issue 10: every signed-in user reads the rate; only administración sets it and reads its history.
  const office = requireRoles(app, 'administrador', 'asistente');
  const readSchema = {
    tags,
    summary: 'Tasa oficial del dólar en bolívares (promedio), su fuente, fecha y quién la fijó',
    response: { 200: exchangeRateSchema },
  };
  const read = async () => app.rates.getCurrent();

  r.get('/api/v1/tasa-cambio', { onRequest: requireRoles(app), schema: readSchema }, read);
  // The old front end read a DolarApi-style path; served here too so it can point at this host.
  r.get('/v1/dolares/oficial', { onRequest: requireRoles(app), schema: readSchema }, read);

  r.get(
    '/api/v1/tasa-cambio/historial',
    {
      onRequest: office,
      schema: {
        tags,
        summary: 'Historial de la tasa entre dos fechas de Caracas (por defecto, los últimos 90 días)',
        querystring: rateHistoryQuerySchema,
        response: { 200: z.array(rateHistoryEntrySchema), 400: errorBodySchema },
      },
    },
    (request) => app.rates.history(request.query),
  );

  r.put(
    '/api/v1/tasa-cambio',
    {
      onRequest: office,
      schema: {
        tags,
        summary: 'Fija la tasa manualmente (0,01 a 10.000.000, hasta 4 decimales)',
        body: setExchangeRateSchema,
        response: { 200: exchangeRateSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => app.rates.setManual({ promedio: request.body.promedio, actor: sessionOf(request) }),
  );
}
