import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientFieldsSchema, clientSchema, errorBodySchema, previsivoClientSchema } from '@camposanto/domain';
import { readMultipart } from '../../lib/multipart';
import { parseInput } from '../../lib/validation';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { createClient, findClientByCedula } from './service';

const tags = ['Clientes'];
const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

export async function clientesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sales = requireRoles(app, 'administrador', 'supervisor', 'vendedor');

  r.get(
    '/api/v1/clientes/:cedula',
    {
      onRequest: sales,
      schema: {
        tags,
        params: z.object({ cedula: z.string().min(1).max(20) }),
        response: { 200: clientSchema, ...errors },
      },
    },
    (request) => findClientByCedula({ db: app.db, actor: sessionOf(request), cedula: request.params.cedula }),
  );

  const create = async (request: FastifyRequest) => {
    const body = await readMultipart(request, {
      maxBytes: app.config.uploadMaxBytes,
      fileFields: ['documento_identidad'],
      maxFiles: 1,
    });
    const fields = parseInput(clientFieldsSchema, body.fields);
    const document = body.files.find((file) => file.field === 'documento_identidad');
    return createClient({ db: app.db, storage: app.storage, actor: sessionOf(request), fields, document });
  };
  const multipartSchema = {
    tags,
    summary:
      'Crea un cliente (multipart: nombre, cedula, fecha_nacimiento, telefono, celular, email, direccion, nombre_documento, vendedor_id, documento_identidad)',
    consumes: ['multipart/form-data'],
  };
  r.post(
    '/api/v1/clientes/',
    { onRequest: sales, schema: { ...multipartSchema, response: { 200: clientSchema, ...errors } } },
    create,
  );
  // The pre-need form posts here and reads `cliente_id` (SPEC §7).
  r.post(
    '/api/clientes',
    {
      onRequest: sales,
      schema: {
        ...multipartSchema,
        response: { 200: previsivoClientSchema, ...errors },
      },
    },
    async (request) => {
      const client = await create(request);
      return { ...client, cliente_id: client.id };
    },
  );
}
