import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idNumber, incomeSummarySchema, integerNumber, isoDate } from '@camposanto/domain';
import { requireRoles } from '../../plugins/auth';
import { incomeSummary } from './service';

const optionalId = z
  .union([z.literal(''), idNumber()])
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const optionalDate = z
  .union([z.literal(''), isoDate])
  .optional()
  .transform((value) => value || undefined);

export async function ingresosRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/historial-ingresos-resumen',
    {
      onRequest: requireRoles(app, 'administrador', 'asistente'),
      schema: {
        tags: ['Ingresos'],
        summary: 'Resumen de ingresos por supervisor y vendedor, contratos y totales (sumados en SQL)',
        querystring: z.object({
          supervisor_id: optionalId,
          vendedor_id: optionalId,
          modalidad: z
            .enum(['', 'Todos', 'De Contado', 'Financiado'])
            .optional()
            .transform((value) => (value === 'De Contado' || value === 'Financiado' ? value : undefined)),
          fecha_inicio: optionalDate,
          fecha_fin: optionalDate,
          page: integerNumber().pipe(z.number().min(1)).default(1),
          per_page: integerNumber().pipe(z.number().min(1).max(500)).default(50),
        }),
        response: {
          200: incomeSummarySchema,
          400: errorBodySchema,
        },
      },
    },
    (request) => incomeSummary(app.db, request.query),
  );
}
