import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  idParamSchema,
  SELLER_CSV_HEADER,
  sellersListQuerySchema,
  updateSellerSchema,
  sellersResponseSchema,
  sellerSchema,
} from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { replyWithCsv } from '../../lib/list-tools';
import { listSellers, sellerCsvRow, sellersList, updateSeller } from './service';

const tags = ['Vendedores'];

export async function vendedoresRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireRoles(app, 'administrador', 'asistente');

  r.get(
    '/api/v1/vendedores',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Vendedores (q, orden, supervisor; page/per_page opcionales; formato=csv exporta todo el filtro)',
        description: 'Sin parámetros, todos por nombre (SPEC §7). X-Total-Count: vendedores del filtro.',
        querystring: sellersListQuerySchema,
        response: {
          200: sellersResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.formato === 'csv') {
        const list = sellersList({ db: app.db, query });
        return replyWithCsv(reply, {
          name: 'vendedores',
          header: SELLER_CSV_HEADER,
          list,
          toRow: sellerCsvRow,
        });
      }
      const { total, ...answer } = await listSellers({ db: app.db, query });
      reply.header('x-total-count', String(total));
      return answer;
    },
  );

  r.put(
    '/api/v1/vendedores/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        params: idParamSchema,
        body: updateSellerSchema,
        response: { 200: sellerSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) =>
      updateSeller({ db: app.db, id: request.params.id, input: request.body, actor: sessionOf(request) }),
  );
}
