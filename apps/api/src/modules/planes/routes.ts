import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  funeralPlanSchema,
  idParamSchema,
  planSchema,
  planServiceQuerySchema,
  planStatusSchema,
  previsivoQuerySchema,
  relativeAmountSchema,
  updateFuneralPlanSchema,
  updatePlanSchema,
} from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';
import {
  listFuneralPlans,
  listOfferedPlans,
  listPlans,
  previsivoRelativeAmount,
  setPlanActive,
  updateFuneralPlan,
  updatePlan,
} from './service';

const adminTags = ['Planes (administración)'];
const salesTags = ['Planes (ventas)'];
const errors = { 400: errorBodySchema, 404: errorBodySchema };

export async function planesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRoles(app, 'administrador', 'asistente');
  const sales = requireRoles(app, 'administrador', 'asistente', 'supervisor', 'vendedor');

  r.get(
    '/api/v1/admin/planes',
    { onRequest: admin, schema: { tags: adminTags, response: { 200: z.array(planSchema) } } },
    () => listPlans({ db: app.db }),
  );
  r.put(
    '/api/v1/admin/planes/:id',
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: updatePlanSchema,
        response: { 200: planSchema, ...errors },
      },
    },
    (request) =>
      updatePlan({ db: app.db, id: request.params.id, input: request.body, actor: sessionOf(request) }),
  );
  r.patch(
    '/api/v1/admin/planes/:id/estado',
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: planStatusSchema,
        response: { 200: planSchema, ...errors },
      },
    },
    (request) =>
      setPlanActive({
        db: app.db,
        id: request.params.id,
        isActive: request.body.activo,
        actor: sessionOf(request),
      }),
  );
  r.get(
    '/api/v1/admin/planes/funerarios',
    { onRequest: admin, schema: { tags: adminTags, response: { 200: z.array(funeralPlanSchema) } } },
    () => listFuneralPlans({ db: app.db }),
  );
  r.put(
    '/api/v1/admin/planes/funerarios/:id',
    {
      onRequest: admin,
      schema: {
        tags: adminTags,
        params: idParamSchema,
        body: updateFuneralPlanSchema,
        response: { 200: funeralPlanSchema, ...errors },
      },
    },
    (request) =>
      updateFuneralPlan({
        db: app.db,
        id: request.params.id,
        input: request.body,
        actor: sessionOf(request),
      }),
  );

  r.get(
    '/api/planes/solicitudes',
    {
      onRequest: sales,
      schema: {
        tags: salesTags,
        querystring: planServiceQuerySchema,
        response: { 200: z.array(planSchema), ...errors },
      },
    },
    (request) => listOfferedPlans({ db: app.db, serviceType: request.query.tipo_servicio }),
  );
  r.get(
    '/api/planes',
    {
      onRequest: sales,
      schema: {
        tags: salesTags,
        querystring: planServiceQuerySchema,
        response: { 200: z.array(planSchema), ...errors },
      },
    },
    (request) => listOfferedPlans({ db: app.db, serviceType: request.query.tipo_servicio }),
  );
  r.get(
    '/api/planes/funerarios',
    { onRequest: sales, schema: { tags: salesTags, response: { 200: z.array(funeralPlanSchema) } } },
    () => listFuneralPlans({ db: app.db, onlyOffered: true }),
  );
  r.get(
    '/api/previsivos/calcular_monto',
    {
      onRequest: sales,
      schema: {
        tags: salesTags,
        summary: 'Precio adicional de un familiar en un plan previsivo',
        querystring: previsivoQuerySchema,
        response: { 200: relativeAmountSchema, ...errors },
      },
    },
    async (request) => ({ monto: await previsivoRelativeAmount({ db: app.db, query: request.query }) }),
  );
}
