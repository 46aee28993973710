import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditQuerySchema, auditRecordSchema } from '@camposanto/domain';
import { requireRoles } from '../../plugins/auth';
import { listAudit } from './service';

export async function auditoriaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/admin/auditoria',
    {
      onRequest: requireRoles(app, 'administrador', 'asistente'),
      schema: {
        tags: ['Auditoría'],
        summary: 'Movimientos auditados, del más reciente al más antiguo (máximo 5.000)',
        querystring: auditQuerySchema,
        response: { 200: z.array(auditRecordSchema) },
      },
    },
    async (request) => listAudit({ db: app.db, query: request.query }),
  );
}
