import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientWithRequestsSchema,
  errorBodySchema,
  idNumber,
  optionalPageQuerySchema,
  pagedSchema,
  pageQuerySchema,
  requestDtoSchema,
  sellerSummarySchema,
} from '@camposanto/domain';
import { replyWithList } from '../../lib/list-reply';
import { requireRoles, sessionOf } from '../../plugins/auth';
import {
  listClientsWithContracts,
  listClientsWithRequests,
  listSellerContracts,
  listSellersOf,
} from './queries';

const tags = ['Listas de ventas'];
const sellerParams = z.object({ sellerId: idNumber() });

export async function ventasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sales = requireRoles(app, 'administrador', 'supervisor', 'vendedor');
  const leaders = requireRoles(app, 'administrador', 'supervisor');
  const pageSchema = { tags, params: sellerParams, querystring: pageQuerySchema };
  const pageResponse = { 200: pagedSchema(clientWithRequestsSchema), 403: errorBodySchema };

  r.get(
    '/api/v1/clientes/lista/:sellerId',
    { onRequest: sales, schema: { ...pageSchema, response: pageResponse } },
    (request) =>
      listClientsWithRequests({
        db: app.db,
        actor: sessionOf(request),
        sellerId: request.params.sellerId,
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );
  r.get(
    '/api/v1/contratos/lista/:sellerId',
    { onRequest: sales, schema: { ...pageSchema, response: pageResponse } },
    (request) =>
      listClientsWithContracts({
        db: app.db,
        actor: sessionOf(request),
        sellerId: request.params.sellerId,
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );
  r.get(
    '/api/vendedor/list/:promotorId',
    {
      onRequest: leaders,
      schema: {
        tags,
        params: z.object({ promotorId: idNumber() }),
        response: {
          200: z.array(sellerSummarySchema),
          403: errorBodySchema,
        },
      },
    },
    (request) =>
      listSellersOf({ db: app.db, actor: sessionOf(request), supervisorId: request.params.promotorId }),
  );
  r.get(
    '/api/vendedor/contratos/:vendedorId',
    {
      onRequest: leaders,
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
