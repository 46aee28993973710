import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTRACT_MESSAGES,
  contractConvertedSchema,
  contractHistoryQuerySchema,
  convertRequestSchema,
  errorBodySchema,
  expiredRequestsPageSchema,
  idParamSchema,
  messageSchema,
  pagedSchema,
  requestDtoSchema,
  requestsToConvertQuerySchema,
  skipLimitQuerySchema,
} from '@camposanto/domain';
import { replyWithList } from '../../lib/list-reply';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { convertRequestToContract } from './conversion-service';
import { listContractHistory } from './history-queries';
import {
  deleteExpiredRequest,
  listActiveContracts,
  listExpiredRequests,
  listRequestsToConvert,
} from './queries';

const tags = ['Contratos (administración)'];
const errors = { 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export async function contratosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRoles(app, 'administrador', 'asistente');

  r.get(
    '/api/v1/admin/solicitudes',
    {
      onRequest: admin,
      schema: {
        tags,
        description: 'estado: solicitud, contrato o todos (por omisión), filtrado en el servidor (issue 15).',
        querystring: requestsToConvertQuerySchema,
        response: { 200: pagedSchema(requestDtoSchema) },
      },
    },
    (request) =>
      listRequestsToConvert({
        db: app.db,
        page: request.query.page,
        perPage: request.query.per_page,
        estado: request.query.estado,
      }),
  );
  r.post(
    '/api/v1/admin/convertir-contrato',
    {
      onRequest: admin,
      schema: {
        tags,
        body: convertRequestSchema,
        response: { 200: contractConvertedSchema, ...errors },
      },
    },
    async (request) => {
      const contract = await convertRequestToContract({
        db: app.db,
        requestId: request.body.SolicitudId,
        actor: sessionOf(request),
      });
      return {
        mensaje: CONTRACT_MESSAGES.convertida(contract.numeroSolicitud),
        numero_contrato: contract.numeroContrato!,
      };
    },
  );
  r.get(
    '/api/v1/admin/contratos/activos',
    {
      onRequest: admin,
      schema: {
        tags,
        description:
          'SPEC §7: un arreglo (skip y limit). X-Total-Count: cuántos contratos hay en total (issue 15), para ' +
          'que la tabla no estime el total de SPEC §9.',
        querystring: skipLimitQuerySchema,
        response: { 200: z.array(requestDtoSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listActiveContracts({ db: app.db, ...request.query });
      reply.header('x-total-count', String(total));
      return items;
    },
  );
  r.get(
    '/api/v1/admin/solicitudes/caducadas',
    {
      onRequest: admin,
      schema: {
        tags,
        querystring: skipLimitQuerySchema,
        response: {
          200: expiredRequestsPageSchema,
        },
      },
    },
    (request) => listExpiredRequests({ db: app.db, ...request.query }),
  );
  r.delete(
    '/api/v1/admin/solicitudes/caducadas/:id',
    {
      onRequest: admin,
      schema: { tags, params: idParamSchema, response: { 200: messageSchema, ...errors } },
    },
    async (request) => {
      await deleteExpiredRequest({ db: app.db, id: request.params.id, actor: sessionOf(request) });
      return { mensaje: CONTRACT_MESSAGES.caducadaEliminada };
    },
  );
  r.get(
    '/api/v1/admin/contratos-de-contado',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Contratos de contado o financiados (modalidad), del más reciente al más antiguo',
        description:
          'Con page/per_page, una página; sin ellos, la lista entera en streaming. X-Total-Count: contratos ' +
          'del filtro; X-Sum-Monto-Total: suma de su monto_total.',
        querystring: contractHistoryQuerySchema,
        response: { 200: z.array(requestDtoSchema) },
      },
    },
    (request, reply) =>
      replyWithList(
        reply,
        listContractHistory({ db: app.db, modalidad: request.query.modalidad }),
        request.query,
      ),
  );
}
