import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, searchQuerySchema, searchResponseSchema } from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { searchEverything } from './service';

// Issue 15: the header's search in both areas, for every staff role, each within its reach (docs/decisions/028).
const ROLES = ['administrador', 'asistente', 'supervisor', 'vendedor'] as const;

export async function buscarRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/buscar',
    {
      onRequest: requireRoles(app, ...ROLES),
      schema: {
        tags: ['Búsqueda'],
        summary:
          'Búsqueda global por cédula, nombre, teléfono, número de solicitud o de contrato, código de parcela o de nicho',
        description:
          'Hasta 10 resultados por grupo, dentro de lo que el usuario puede ver (un vendedor, solo lo suyo). `q` de 2 a 100 caracteres; `%`, `_` y `\\` se buscan tal cual.',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 403: errorBodySchema },
      },
    },
    (request) => searchEverything({ db: app.db, actor: sessionOf(request), q: request.query.q }),
  );
}
