import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  idParamSchema,
  updateSellerSchema,
  sellersResponseSchema,
  sellerSchema,
} from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { listSellers, updateSeller } from './service';

const tags = ['Vendedores'];

export async function vendedoresRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireRoles(app, 'administrador', 'asistente');

  r.get(
    '/api/v1/vendedores',
    { onRequest: guard, schema: { tags, response: { 200: sellersResponseSchema } } },
    async () => listSellers({ db: app.db }),
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
