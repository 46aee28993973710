import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPlotSchema,
  errorBodySchema,
  idParamSchema,
  importResultSchema,
  MAP_KEYS,
  mapsSavedSchema,
  MSG,
  NICHE_CSV_HEADER,
  nicheSchema,
  nichesListQuerySchema,
  pagedSchema,
  PLOT_CSV_HEADER,
  plotLookupSchema,
  plotRowSchema,
  plotsListQuerySchema,
  storedMapSchema,
  updatePlotSchema,
} from '@camposanto/domain';
import { notFound } from '../../lib/app-error';
import { replyWithCsv } from '../../lib/list-tools';
import { readMultipart } from '../../lib/multipart';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { importNiches, listNiches, lookupNiche, nicheCsvRow, nichesList } from './niches-service';
import { csvTextOf } from './import-file';
import { findMap, listMaps, saveMaps } from './maps-service';
import {
  createPlot,
  importPlots,
  listPlots,
  lookupPlot,
  plotCsvRow,
  plotsList,
  updatePlot,
} from './plots-service';

const tags = ['Inventario'];
const errors = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};
const codeParams = z.object({ code: z.string().max(40) });

export async function inventarioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRoles(app, 'administrador', 'asistente');
  const signedIn = requireRoles(app);
  const maxBytes = app.config.uploadMaxBytes;
  const csvUpload = { maxBytes, fileFields: ['file'], maxFiles: 1 };

  r.post(
    '/api/admin/upload-parcelas',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Importa el inventario de parcelas (multipart, campo file: CSV codigo, disponible, reservadas, ocupadas, vendidas[, puestos])',
        consumes: ['multipart/form-data'],
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (request) => {
      const csv = await csvTextOf(await readMultipart(request, csvUpload));
      const result = await importPlots({ db: app.db, csv, actor: sessionOf(request) });
      return { mensaje: MSG.parcelasActualizadas, ...result };
    },
  );

  r.post(
    '/api/admin/upload-columbarios',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Importa los nichos de columbario (multipart, campo file: CSV)',
        consumes: ['multipart/form-data'],
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (request) => {
      const csv = await csvTextOf(await readMultipart(request, csvUpload));
      const result = await importNiches({ db: app.db, csv, actor: sessionOf(request) });
      return { mensaje: MSG.nichosActualizados, ...result };
    },
  );

  r.post(
    '/api/upload/inventario',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Sube imágenes de mapas (multipart: parcela, columbario_lado1..columbario_lado4)',
        consumes: ['multipart/form-data'],
        response: { 200: mapsSavedSchema, ...errors },
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, {
        maxBytes,
        fileFields: MAP_KEYS,
        maxFiles: MAP_KEYS.length,
      });
      return saveMaps({ db: app.db, storage: app.storage, files, actor: sessionOf(request) });
    },
  );

  r.get(
    '/parcelas',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Parcelas por página (q, orden, disponibilidad; formato=csv exporta todo el filtro)',
        querystring: plotsListQuerySchema,
        response: {
          200: pagedSchema(plotRowSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.formato === 'csv') {
        const list = plotsList({ db: app.db, query });
        return replyWithCsv(reply, { name: 'parcelas', header: PLOT_CSV_HEADER, list, toRow: plotCsvRow });
      }
      return listPlots({ db: app.db, query });
    },
  );
  r.put(
    '/parcelas/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        params: idParamSchema,
        body: updatePlotSchema,
        response: { 200: plotRowSchema, ...errors },
      },
    },
    (request) =>
      updatePlot({ db: app.db, id: request.params.id, input: request.body, actor: sessionOf(request) }),
  );
  r.post(
    '/parcelas',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Registra una parcela nueva con los valores de SPEC §8 (3 puestos disponibles)',
        body: createPlotSchema,
        response: { 201: plotRowSchema, ...errors },
      },
    },
    async (request, reply) => {
      const plot = await createPlot({ db: app.db, rawCode: request.body.codigo, actor: sessionOf(request) });
      return reply.code(201).send(plot);
    },
  );
  r.get(
    '/api/v1/admin/columbarios',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Nichos por página (q, orden, estado; formato=csv exporta todo el filtro)',
        querystring: nichesListQuerySchema,
        response: {
          200: pagedSchema(nicheSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.formato === 'csv') {
        const list = nichesList({ db: app.db, query });
        return replyWithCsv(reply, {
          name: 'columbarios',
          header: NICHE_CSV_HEADER,
          list,
          toRow: nicheCsvRow,
        });
      }
      return listNiches({ db: app.db, query });
    },
  );

  r.get(
    '/api/consulta-parcela/:code',
    {
      onRequest: signedIn,
      schema: { tags, params: codeParams, response: { 200: plotLookupSchema, ...errors } },
    },
    (request) => lookupPlot({ db: app.db, rawCode: request.params.code }),
  );
  r.get(
    '/api/consulta-columbario/:code',
    { onRequest: signedIn, schema: { tags, params: codeParams, response: { 200: nicheSchema, ...errors } } },
    (request) => lookupNiche({ db: app.db, rawCode: request.params.code }),
  );

  r.get(
    '/api/mapas',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Mapas disponibles',
        response: { 200: z.array(storedMapSchema) },
      },
    },
    () => listMaps({ db: app.db }),
  );
  r.get(
    '/uploads/mapas/:clave',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Imagen de un mapa (solo usuarios con sesión)',
        params: z.object({ clave: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const map = await findMap({ db: app.db, key: request.params.clave });
      const image = await app.storage.open(map.ruta);
      if (!image) throw notFound(MSG.imagenNoEncontrada);
      return reply.header('content-type', map.mime).header('x-content-type-options', 'nosniff').send(image);
    },
  );
}
