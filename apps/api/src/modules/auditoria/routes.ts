import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_CSV_HEADER,
  auditPageQuerySchema,
  auditRecordSchema,
  errorBodySchema,
} from '@camposanto/domain';
import { replyWithList } from '../../lib/list-reply';
import { replyWithCsv, replyWithSortedList } from '../../lib/list-tools';
import { requireRoles } from '../../plugins/auth';
import { plainJsonSerializers } from '../../plugins/serializers';
import { auditCsvRow, listAudit, sortedAudit } from './service';

export async function auditoriaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/admin/auditoria',
    {
      onRequest: requireRoles(app, 'administrador', 'asistente'),
      // toAuditRecord builds exactly the schema's fields, in its order (decision 047): pages and streamed batches.
      serializerCompiler: plainJsonSerializers({ validate: app.config.validateResponses }),
      schema: {
        tags: ['Auditoría'],
        summary:
          'Movimientos auditados (rol, desde, hasta, accion, usuario, q, orden), del más reciente al más antiguo; formato=csv exporta todo el filtro',
        description:
          'Con page/per_page, una página; sin ellos, todo el filtro en streaming. X-Total-Count: registros del filtro.',
        querystring: auditPageQuerySchema,
        response: {
          200: z.array(auditRecordSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.formato === 'csv') {
        const list = sortedAudit({ db: app.db, query });
        return replyWithCsv(reply, { name: 'auditoria', header: AUDIT_CSV_HEADER, list, toRow: auditCsvRow });
      }
      // Newest first (the list's own order) is read in keyset batches; another order in windows.
      if (query.orden) return replyWithSortedList(reply, sortedAudit({ db: app.db, query }), query);
      return replyWithList(reply, listAudit({ db: app.db, query }), query);
    },
  );
}
