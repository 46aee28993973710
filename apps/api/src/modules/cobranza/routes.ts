import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  collectionsListQuerySchema,
  collectionsResponseSchema,
  collectionContractParamsSchema,
  errorBodySchema,
  reminderSchema,
  remindersResponseSchema,
} from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { collectionsCsv, listCollections, listReminders, sendManualReminder } from './service';

// Issue 14 §2 Cobranza (docs/decisions/022): every role, each within its scope (lib/seller-scope.ts).
const ROLES = ['administrador', 'asistente', 'supervisor', 'vendedor'] as const;

/** A CSV download: streamed as it is written, under a dated name, never cached. */
function sendCsv(reply: FastifyReply, { filename, stream }: { filename: string; stream: Readable }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(stream);
}

export async function cobranzaRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/cobranza',
    {
      onRequest: requireRoles(app, ...ROLES),
      schema: {
        tags: ['Cobranza'],
        summary:
          'Contratos con cuotas vencidas (antigüedad por la cuota vencida más antigua) y totales por tramo; formato=csv exporta todo el filtro',
        querystring: collectionsListQuerySchema,
        response: {
          200: collectionsResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const args = { db: app.db, actor: sessionOf(request), query: request.query };
      if (request.query.formato === 'csv') {
        return sendCsv(reply, await collectionsCsv(args));
      }
      return listCollections(args);
    },
  );

  routes.post(
    '/api/v1/cobranza/:contratoId/recordatorio',
    {
      onRequest: requireRoles(app, ...ROLES),
      schema: {
        tags: ['Cobranza'],
        summary: 'Envía al cliente un recordatorio con el estado de cuenta en PDF y lo registra (manual)',
        params: collectionContractParamsSchema,
        response: {
          201: reminderSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const reminder = await sendManualReminder({
        db: app.db,
        mailer: app.mailer,
        storage: app.storage,
        actor: sessionOf(request),
        contractId: request.params.contratoId,
      });
      return reply.code(201).send(reminder);
    },
  );

  routes.get(
    '/api/v1/cobranza/:contratoId/recordatorios',
    {
      onRequest: requireRoles(app, ...ROLES),
      schema: {
        tags: ['Cobranza'],
        summary: 'Recordatorios enviados de un contrato (previo, vencida, manual), el más reciente primero',
        params: collectionContractParamsSchema,
        response: {
          200: remindersResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    (request) =>
      listReminders({ db: app.db, actor: sessionOf(request), contractId: request.params.contratoId }),
  );
}
