import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdRequestsSchema,
  errorBodySchema,
  funeralRequestSchema,
  isFuneralService,
  previsivoRequestSchema,
  REQUEST_MESSAGES,
  requestBatchSchema,
} from '@camposanto/domain';
import { parseInput } from '../../lib/validation';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { createFuneralRequest } from './funeral-service';
import { createPrevisivo } from './previsivo-service';
import { createRequests } from './service';

const tags = ['Solicitudes'];
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const isFuneral = (item: unknown) =>
  isFuneralService((item as { tipo_servicio?: unknown } | null)?.tipo_servicio);

export async function solicitudesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sales = requireRoles(app, 'administrador', 'supervisor', 'vendedor');
  const body = z.array(z.unknown()).min(1, REQUEST_MESSAGES.sinDetalles).max(20);

  /**
   * The generic forms post an array of requests here; the funeral form posts a one-item array with
   * tipo_servicio 'Servicio Funerario' to the same path without the trailing slash (SPEC §7).
   */
  const handler = async (request: { body: unknown[] } & Parameters<typeof sessionOf>[0]) => {
    const actor = sessionOf(request);
    if (isFuneral(request.body[0])) {
      // Only the funeral request is read: refuse the rest rather than drop it unsaved.
      const [item] = parseInput(z.array(z.unknown()).length(1, REQUEST_MESSAGES.funeralSola), request.body);
      const funeral = parseInput(funeralRequestSchema, item, 'body.0');
      const created = await createFuneralRequest({ db: app.db, actor, request: funeral });
      return { mensaje: REQUEST_MESSAGES.registradas, items: [created] };
    }
    const requests = parseInput(requestBatchSchema, request.body);
    return {
      mensaje: REQUEST_MESSAGES.registradas,
      items: await createRequests({ db: app.db, actor, requests }),
    };
  };
  const schema = {
    tags,
    summary: 'Registra solicitudes (arreglo JSON; todas o ninguna). Los montos se calculan en el servidor.',
    body,
    response: { 200: createdRequestsSchema, ...errors },
  };
  r.post('/api/v1/solicitudes/', { onRequest: sales, schema }, handler);
  r.post('/api/v1/solicitudes', { onRequest: sales, schema }, handler);

  r.post(
    '/api/previsivos',
    {
      onRequest: sales,
      schema: {
        tags,
        summary: 'Registra una solicitud previsiva con sus familiares (arreglo de un elemento)',
        body: z.array(z.unknown()).length(1, REQUEST_MESSAGES.previsivaSola),
        response: { 200: createdRequestsSchema, ...errors },
      },
    },
    async (request) => {
      const previsivo = parseInput(previsivoRequestSchema, request.body[0], 'body.0');
      const created = await createPrevisivo({ db: app.db, actor: sessionOf(request), request: previsivo });
      return { mensaje: REQUEST_MESSAGES.registradas, items: [created] };
    },
  );
}
