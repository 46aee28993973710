import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, incomeQuerySchema, incomeSummarySchema } from '@camposanto/domain';
import { requireRoles } from '../../plugins/auth';
import { incomeSummary } from './service';

export async function ingresosRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/historial-ingresos-resumen',
    {
      onRequest: requireRoles(app, 'administrador', 'asistente'),
      schema: {
        tags: ['Ingresos'],
        summary: 'Resumen de ingresos por supervisor y vendedor, contratos y totales (sumados en SQL)',
        querystring: incomeQuerySchema,
        response: {
          200: incomeSummarySchema,
          400: errorBodySchema,
        },
      },
    },
    (request) => incomeSummary({ db: app.db, filters: request.query }),
  );
}
