import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorizedPersonDtoSchema,
  authorizedSavedSchema,
  CARE_MESSAGES,
  clientDocumentSavedSchema,
  contractWithAuthorizedSchema,
  errorBodySchema,
  idNumber,
  idParamSchema,
  pagedSchema,
  pageQuerySchema,
  relativeDtoSchema,
  relativesQuerySchema,
  requestDtoSchema,
} from '@camposanto/domain';
import { badRequest } from '../../lib/app-error';
import { sendStoredFile } from '../../lib/documents';
import { readMultipart } from '../../lib/multipart';
import { requireRoles, sessionOf } from '../../plugins/auth';
import {
  addAuthorized,
  authorizedDocument,
  listAuthorized,
  listContractsWithAuthorized,
} from './authorized-persons-service';
import {
  clientDocument,
  listPrevisivos,
  listRelatives,
  relativeDocument,
  uploadClientDocument,
  uploadRelativeDocument,
} from './service';

const tags = ['Documentos y autorizados'];
const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};
const cedulaParams = z.object({ cedula: z.string().max(20) });
const multipart = { consumes: ['multipart/form-data'] };

export async function documentosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sales = requireRoles(app, 'administrador', 'supervisor', 'vendedor');
  const maxBytes = app.config.uploadMaxBytes;
  const identityDocument = { maxBytes, fileFields: ['documento_identidad'], maxFiles: 1 };

  r.post(
    '/api/clientes/:cedula/upload-documento/',
    {
      onRequest: sales,
      schema: {
        tags,
        ...multipart,
        summary: 'Documento de identidad del cliente (documento_identidad, nombre_documento)',
        params: cedulaParams,
        response: { 200: clientDocumentSavedSchema, ...errors },
      },
    },
    async (request) => {
      const body = await readMultipart(request, identityDocument);
      const client = await uploadClientDocument({
        db: app.db,
        storage: app.storage,
        actor: sessionOf(request),
        cedula: request.params.cedula,
        file: body.files.find((file) => file.field === 'documento_identidad'),
        nombreDocumento: body.fields.nombre_documento,
      });
      return { ...client, mensaje: CARE_MESSAGES.documentoSubido };
    },
  );
  r.get(
    '/api/v1/clientes/:cedula/documento',
    {
      onRequest: sales,
      schema: { tags, summary: 'Descarga el documento del cliente', params: cedulaParams },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        app.storage,
        await clientDocument({ db: app.db, actor: sessionOf(request), cedula: request.params.cedula }),
        CARE_MESSAGES.sinDocumento,
      ),
  );

  r.get(
    '/api/v1/previsivos/tipo_servicio=previsivo',
    {
      onRequest: sales,
      schema: { tags, summary: 'Contratos previsivos', response: { 200: z.array(requestDtoSchema) } },
    },
    (request) => listPrevisivos({ db: app.db, actor: sessionOf(request) }),
  );
  r.get(
    '/api/v1/previsivos/familiares',
    {
      onRequest: sales,
      schema: {
        tags,
        querystring: relativesQuerySchema,
        response: { 200: z.array(relativeDtoSchema), ...errors },
      },
    },
    (request) =>
      listRelatives({ db: app.db, actor: sessionOf(request), contractId: request.query.contrato_id }),
  );
  r.patch(
    '/api/v1/previsivos/familiares/:id/documento',
    {
      onRequest: sales,
      schema: { tags, ...multipart, params: idParamSchema, response: { 200: relativeDtoSchema, ...errors } },
    },
    async (request) => {
      const body = await readMultipart(request, identityDocument);
      return uploadRelativeDocument({
        db: app.db,
        storage: app.storage,
        actor: sessionOf(request),
        relativeId: request.params.id,
        file: body.files.find((file) => file.field === 'documento_identidad'),
        nombreDocumento: body.fields.nombre_documento,
      });
    },
  );
  r.get(
    '/api/v1/previsivos/familiares/:id/documento',
    { onRequest: sales, schema: { tags, params: idParamSchema } },
    async (request, reply) =>
      sendStoredFile(
        reply,
        app.storage,
        await relativeDocument({ db: app.db, actor: sessionOf(request), relativeId: request.params.id }),
        CARE_MESSAGES.sinDocumento,
      ),
  );

  r.get(
    '/api/v1/autorizados/contratos',
    {
      onRequest: sales,
      schema: {
        tags,
        summary: 'Contratos con sus personas autorizadas (n/2)',
        querystring: pageQuerySchema,
        response: {
          200: pagedSchema(contractWithAuthorizedSchema),
        },
      },
    },
    (request) =>
      listContractsWithAuthorized({
        db: app.db,
        actor: sessionOf(request),
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );
  r.get(
    '/api/v1/autorizados/:contratoId',
    {
      onRequest: sales,
      schema: {
        tags,
        params: z.object({ contratoId: idNumber() }),
        response: { 200: z.array(authorizedPersonDtoSchema), ...errors },
      },
    },
    (request) =>
      listAuthorized({ db: app.db, actor: sessionOf(request), contractId: request.params.contratoId }),
  );
  r.post(
    '/api/v1/autorizados',
    {
      onRequest: sales,
      schema: {
        tags,
        ...multipart,
        summary:
          'Registra hasta 2 personas autorizadas (contrato_id, autorizados_str JSON, documento_identidad_0/_1)',
        response: {
          200: authorizedSavedSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const body = await readMultipart(request, {
        maxBytes,
        fileFields: /^documento_identidad(_\d+)?$/,
        maxFiles: 2,
      });
      const contract = idNumber().safeParse(body.fields.contrato_id);
      if (!contract.success) throw badRequest(CARE_MESSAGES.contratoNoEncontrado);
      const contractId = contract.data;
      const persons = await addAuthorized({
        db: app.db,
        storage: app.storage,
        actor: sessionOf(request),
        contractId,
        personsJson: body.fields.autorizados_str,
        files: body.files,
      });
      return { mensaje: CARE_MESSAGES.autorizadosRegistrados, autorizados: persons };
    },
  );
  r.get(
    '/api/v1/autorizados/persona/:id/documento',
    { onRequest: sales, schema: { tags, params: idParamSchema } },
    async (request, reply) =>
      sendStoredFile(
        reply,
        app.storage,
        await authorizedDocument({ db: app.db, actor: sessionOf(request), personId: request.params.id }),
        CARE_MESSAGES.sinDocumento,
      ),
  );
}
