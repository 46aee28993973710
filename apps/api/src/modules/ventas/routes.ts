import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientWithRequestsSchema,
  errorBodySchema,
  idNumber,
  optionalPageQuerySchema,
  pagedSchema,
  requestDtoSchema,
  SALES_CLIENT_CSV_HEADER,
  salesClientListQuerySchema,
  sellerSummarySchema,
  TEAM_SELLER_CSV_HEADER,
  teamSellersListQuerySchema,
  type SalesClientListQuery,
} from '@camposanto/domain';
import { replyWithList } from '../../lib/list-reply';
import { replyWithCsv, replyWithSortedList } from '../../lib/list-tools';
import { sellersOfList } from '../../lib/seller-scope';
import type { SessionUser } from '../../lib/actor';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { plainJsonSerializers } from '../../plugins/serializers';
import {
  listClientsWithContracts,
  listClientsWithRequests,
  listSellerContracts,
  teamSellerCsvRow,
  teamSellersList,
} from './queries';
import {
  clientListFilter,
  clientRequestCsvRow,
  clientRequestRows,
  type ClientListKind,
} from './client-lists';

const tags = ['Listas de ventas'];
const sellerParams = z.object({ sellerId: idNumber() });

export async function ventasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sales = requireRoles(app, 'administrador', 'supervisor', 'vendedor');
  const leaders = requireRoles(app, 'administrador', 'supervisor');
  const pageSchema = {
    tags,
    params: sellerParams,
    querystring: salesClientListQuerySchema,
    description:
      'Issue 15: q (cliente o número), orden, estado, servicio, desde, hasta; formato=csv exporta todo el filtro (una fila por solicitud).',
  };
  const pageResponse = {
    200: pagedSchema(clientWithRequestsSchema),
    400: errorBodySchema,
    403: errorBodySchema,
  };
  // Their answers are built with exactly the schema's fields (clientes-json.test.ts, solicitudes-json.test.ts).
  const serializerCompiler = plainJsonSerializers({ validate: app.config.validateResponses });

  /** The clients' page, or with formato=csv every client of the filter with its requests (decision 032). */
  async function clientList(
    kind: ClientListKind,
    { actor, sellerId, query: words }: { actor: SessionUser; sellerId: number; query: SalesClientListQuery },
    reply: FastifyReply,
  ) {
    const { page, per_page: perPage, formato, ...query } = words;
    if (formato === 'csv') {
      const sellers = await sellersOfList(app.db, actor, sellerId);
      return replyWithCsv(reply, {
        name: kind === 'contratos' ? 'contratos' : 'clientes',
        header: SALES_CLIENT_CSV_HEADER,
        list: clientRequestRows({ db: app.db, sellers, filter: clientListFilter(kind, query) }),
        toRow: clientRequestCsvRow,
      });
    }
    const list = kind === 'contratos' ? listClientsWithContracts : listClientsWithRequests;
    return list({ db: app.db, actor, sellerId, page, perPage, query });
  }

  r.get(
    '/api/v1/clientes/lista/:sellerId',
    { onRequest: sales, schema: { ...pageSchema, response: pageResponse }, serializerCompiler },
    (request, reply) =>
      clientList(
        'solicitudes',
        { actor: sessionOf(request), sellerId: request.params.sellerId, query: request.query },
        reply,
      ),
  );
  r.get(
    '/api/v1/contratos/lista/:sellerId',
    { onRequest: sales, schema: { ...pageSchema, response: pageResponse }, serializerCompiler },
    (request, reply) =>
      clientList(
        'contratos',
        { actor: sessionOf(request), sellerId: request.params.sellerId, query: request.query },
        reply,
      ),
  );
  r.get(
    '/api/vendedor/list/:promotorId',
    {
      onRequest: leaders,
      schema: {
        tags,
        summary:
          'Vendedores de un supervisor (q, orden; page/per_page opcionales; formato=csv exporta todo el filtro)',
        description: 'Sin parámetros, todos por nombre (SPEC §7). X-Total-Count: vendedores del filtro.',
        params: z.object({ promotorId: idNumber() }),
        querystring: teamSellersListQuerySchema,
        response: {
          200: z.array(sellerSummarySchema),
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const list = await teamSellersList({
        db: app.db,
        actor: sessionOf(request),
        supervisorId: request.params.promotorId,
        query: request.query,
      });
      if (request.query.formato === 'csv')
        return replyWithCsv(reply, {
          name: 'vendedores',
          header: TEAM_SELLER_CSV_HEADER,
          list,
          toRow: teamSellerCsvRow,
        });
      return replyWithSortedList(reply, list, request.query);
    },
  );
  r.get(
    '/api/vendedor/contratos/:vendedorId',
    {
      onRequest: leaders,
      serializerCompiler,
      schema: {
        tags,
        summary: 'Solicitudes y contratos de un vendedor, del más reciente al más antiguo',
        description:
          'Con page/per_page, una página; sin ellos, la lista entera en streaming. X-Total-Count: solicitudes del vendedor.',
        params: z.object({ vendedorId: idNumber() }),
        querystring: optionalPageQuerySchema,
        response: { 200: z.array(requestDtoSchema), 403: errorBodySchema },
      },
    },
    async (request, reply) =>
      replyWithList(
        reply,
        await listSellerContracts({
          db: app.db,
          actor: sessionOf(request),
          sellerId: request.params.vendedorId,
        }),
        request.query,
      ),
  );
}
