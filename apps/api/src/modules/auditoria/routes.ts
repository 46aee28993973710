import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditPageQuerySchema, auditRecordSchema } from '@camposanto/domain';
import { replyWithList } from '../../lib/list-reply';
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
        summary: 'Movimientos auditados (rol, desde, hasta), del más reciente al más antiguo',
        description:
          'Con page/per_page, una página; sin ellos, todo el filtro en streaming. X-Total-Count: registros del filtro.',
        querystring: auditPageQuerySchema,
        response: { 200: z.array(auditRecordSchema) },
      },
    },
    async (request, reply) =>
      replyWithList(reply, listAudit({ db: app.db, query: request.query }), request.query),
  );
}
