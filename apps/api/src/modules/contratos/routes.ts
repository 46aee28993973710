import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVE_CONTRACTS_CSV_HEADER,
  activeContractsListQuerySchema,
  CONTRACT_HISTORY_CSV_HEADER,
  CONTRACT_MESSAGES,
  contractConvertedSchema,
  contractHistoryListQuerySchema,
  convertRequestSchema,
  errorBodySchema,
  EXPIRED_REQUESTS_CSV_HEADER,
  expiredRequestsListQuerySchema,
  expiredRequestsPageSchema,
  hasContractListWords,
  idParamSchema,
  messageSchema,
  pagedSchema,
  requestDtoSchema,
  REQUESTS_TO_CONVERT_CSV_HEADER,
  requestsToConvertListQuerySchema,
} from '@camposanto/domain';
import { replyWithList } from '../../lib/list-reply';
import { replyWithCsv, replyWithSortedList } from '../../lib/list-tools';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { plainJsonSerializers } from '../../plugins/serializers';
import { convertRequestToContract } from './conversion-service';
import {
  activeContractCsvRow,
  contractAmountSum,
  contractHistoryCsvRow,
  contractListWhere,
  contractSortedList,
  expiredRequestCsvRow,
  requestToConvertCsvRow,
} from './contract-lists';
import { listContractHistory } from './history-queries';
import {
  deleteExpiredRequest,
  listActiveContracts,
  listExpiredRequests,
  listRequestsToConvert,
} from './queries';

const tags = ['Contratos (administración)'];
const errors = { 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
// Issue 15: the refusals of a list's words (bad orden or filter) and of the role.
const listErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const CSV_NAMES = { 'De Contado': 'pagos-de-contado', Financiado: 'pagos-financiados' } as const;
const LIST_WORDS =
  'Issue 15: q (cliente, cédula o número), orden, tipo_servicio, vendedor, desde y hasta (fecha de creación); ' +
  'formato=csv exporta todo el filtro. Sin ellos, la respuesta de siempre.';

export async function contratosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRoles(app, 'administrador', 'asistente');

  r.get(
    '/api/v1/admin/solicitudes',
    {
      onRequest: admin,
      schema: {
        tags,
        description: `estado: solicitud, contrato o todos (por omisión), filtrado en el servidor. ${LIST_WORDS}`,
        querystring: requestsToConvertListQuerySchema,
        response: { 200: pagedSchema(requestDtoSchema), ...listErrors },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.formato !== 'csv' && !hasContractListWords(query)) {
        return listRequestsToConvert({
          db: app.db,
          page: query.page,
          perPage: query.per_page,
          estado: query.estado,
        });
      }
      const list = contractSortedList({
        db: app.db,
        where: contractListWhere({
          states: query.estado === 'todos' ? ['solicitud', 'contrato'] : [query.estado],
          query,
        }),
        orden: query.orden,
        defaultOrder: 'fecha_creacion',
      });
      if (query.formato === 'csv') {
        return replyWithCsv(reply, {
          name: 'solicitudes',
          header: REQUESTS_TO_CONVERT_CSV_HEADER,
          list,
          toRow: requestToConvertCsvRow,
        });
      }
      const offset = (query.page - 1) * query.per_page;
      const [items, total] = await Promise.all([list.rows({ limit: query.per_page, offset }), list.count()]);
      return { items, total, page: query.page, per_page: query.per_page };
    },
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
        querystring: activeContractsListQuerySchema,
        response: { 200: z.array(requestDtoSchema), ...listErrors },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.formato !== 'csv' && !hasContractListWords(query)) {
        const { items, total } = await listActiveContracts({
          db: app.db,
          skip: query.skip,
          limit: query.limit,
        });
        reply.header('x-total-count', String(total));
        return items;
      }
      const list = contractSortedList({
        db: app.db,
        where: contractListWhere({ states: ['contrato'], query }),
        orden: query.orden,
        defaultOrder: 'fecha_conversion',
      });
      if (query.formato === 'csv') {
        return replyWithCsv(reply, {
          name: 'contratos-activos',
          header: ACTIVE_CONTRACTS_CSV_HEADER,
          list,
          toRow: activeContractCsvRow,
        });
      }
      const [items, total] = await Promise.all([
        list.rows({ limit: query.limit, offset: query.skip }),
        list.count(),
      ]);
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
        description: LIST_WORDS,
        querystring: expiredRequestsListQuerySchema,
        response: { 200: expiredRequestsPageSchema, ...listErrors },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.formato !== 'csv' && !hasContractListWords(query)) {
        return listExpiredRequests({ db: app.db, skip: query.skip, limit: query.limit });
      }
      const list = contractSortedList({
        db: app.db,
        where: contractListWhere({ states: ['caducada'], query }),
        orden: query.orden,
        defaultOrder: 'fecha_vencimiento',
      });
      if (query.formato === 'csv') {
        return replyWithCsv(reply, {
          name: 'solicitudes-caducadas',
          header: EXPIRED_REQUESTS_CSV_HEADER,
          list,
          toRow: expiredRequestCsvRow,
        });
      }
      const [data, total] = await Promise.all([
        list.rows({ limit: query.limit, offset: query.skip }),
        list.count(),
      ]);
      // SPEC §7's message says whether the filter found any.
      return {
        data,
        total_solicitudes: total,
        message: total ? CONTRACT_MESSAGES.caducadasListadas : CONTRACT_MESSAGES.sinCaducadas,
      };
    },
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
      // toRequestDto builds exactly the schema's fields, in its order (decision 047): pages and streamed batches.
      serializerCompiler: plainJsonSerializers({ validate: app.config.validateResponses }),
      schema: {
        tags,
        summary: 'Contratos de contado o financiados (modalidad), del más reciente al más antiguo',
        description:
          'Con page/per_page, una página; sin ellos, la lista entera en streaming. X-Total-Count: contratos ' +
          `del filtro; X-Sum-Monto-Total: suma de su monto_total. ${LIST_WORDS}`,
        querystring: contractHistoryListQuerySchema,
        response: { 200: z.array(requestDtoSchema), ...listErrors },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.formato !== 'csv' && !hasContractListWords(query)) {
        return replyWithList(reply, listContractHistory({ db: app.db, modalidad: query.modalidad }), query);
      }
      const where = contractListWhere({ states: ['contrato'], modalidad: query.modalidad, query });
      const list = contractSortedList({
        db: app.db,
        where,
        orden: query.orden,
        defaultOrder: 'fecha_conversion',
      });
      if (query.formato === 'csv') {
        const name = query.modalidad ? CSV_NAMES[query.modalidad] : 'contratos';
        return replyWithCsv(reply, {
          name,
          header: CONTRACT_HISTORY_CSV_HEADER,
          list,
          toRow: contractHistoryCsvRow,
        });
      }
      // The footer's sum is the filter's own, not the modality's rollup.
      reply.header('x-sum-monto-total', await contractAmountSum(app.db, where));
      return replyWithSortedList(reply, list, query);
    },
  );
}
