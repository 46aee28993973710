import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chapelQuerySchema,
  errorBodySchema,
  idParamSchema,
  nicheMapSchema,
  placeDetailSchema,
  plotMapSchema,
  sectorQuerySchema,
} from '@camposanto/domain';
import { requireRoles } from '../../plugins/auth';
import { nicheDetail, nicheMap, plotDetail, plotMap } from './service';

const tags = ['Mapa del inventario'];

/**
 * Issue 15 'See': the plot and niche maps. The staff read the maps (a seller picks a free plot from them); who bought
 * what, on click, is administración's (administrador and asistente), like the contracts lists.
 */
export async function mapaParcelasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireRoles(app, 'administrador', 'asistente', 'supervisor', 'vendedor');
  const office = requireRoles(app, 'administrador', 'asistente');
  const refusals = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  r.get(
    '/api/v1/mapa-parcelas',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Sectores y parcelas del sector elegido (el primero si no se indica), con su estado',
        querystring: sectorQuerySchema,
        response: { 200: plotMapSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => plotMap({ db: app.db, sector: request.query.sector }),
  );
  r.get(
    '/api/v1/mapa-nichos',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Capillas y nichos de la capilla elegida (la primera si no se indica), con su estado',
        querystring: chapelQuerySchema,
        response: { 200: nicheMapSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => nicheMap({ db: app.db, capilla: request.query.capilla }),
  );
  r.get(
    '/api/v1/admin/mapa-parcelas/:id',
    {
      onRequest: office,
      schema: {
        tags,
        summary: 'Plan y ventas de una parcela',
        params: idParamSchema,
        response: { 200: placeDetailSchema, ...refusals },
      },
    },
    (request) => plotDetail({ db: app.db, id: request.params.id }),
  );
  r.get(
    '/api/v1/admin/mapa-nichos/:id',
    {
      onRequest: office,
      schema: {
        tags,
        summary: 'Plan y ventas de un nicho',
        params: idParamSchema,
        response: { 200: placeDetailSchema, ...refusals },
      },
    },
    (request) => nicheDetail({ db: app.db, id: request.params.id }),
  );
}
