import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ROLES,
  errorBodySchema,
  idParamSchema,
  messageSchema,
  receivingAccountInputSchema,
  receivingAccountSchema,
  SETTINGS_MESSAGES,
} from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';
import {
  createReceivingAccount,
  deleteReceivingAccount,
  listReceivingAccounts,
  updateReceivingAccount,
} from './service';

const tags = ['Cuentas receptoras'];
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Issue 10: the company's receiving accounts; every staff role reads them, administración changes them. */
export async function cuentasReceptorasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const office = requireRoles(app, 'administrador', 'asistente');
  const staff = requireRoles(app, 'administrador', 'asistente', 'supervisor', 'vendedor');
  const path = '/api/v1/admin/cuentas-receptoras';

  r.get(
    path,
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Cuentas receptoras (supervisores y vendedores ven solo las activas)',
        response: { 200: z.array(receivingAccountSchema), 403: errorBodySchema },
      },
    },
    (request) =>
      listReceivingAccounts({ db: app.db, onlyActive: !ADMIN_ROLES.includes(sessionOf(request).rol) }),
  );
  r.post(
    path,
    {
      onRequest: office,
      schema: {
        tags,
        body: receivingAccountInputSchema,
        response: { 201: receivingAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const account = await createReceivingAccount({
        db: app.db,
        values: request.body,
        actor: sessionOf(request),
      });
      return reply.code(201).send(account);
    },
  );
  r.put(
    `${path}/:id`,
    {
      onRequest: office,
      schema: {
        tags,
        params: idParamSchema,
        body: receivingAccountInputSchema,
        response: { 200: receivingAccountSchema, ...errors },
      },
    },
    (request) =>
      updateReceivingAccount({
        db: app.db,
        id: request.params.id,
        values: request.body,
        actor: sessionOf(request),
      }),
  );
  r.delete(
    `${path}/:id`,
    {
      onRequest: office,
      schema: { tags, params: idParamSchema, response: { 200: messageSchema, ...errors } },
    },
    async (request) => {
      await deleteReceivingAccount({ db: app.db, id: request.params.id, actor: sessionOf(request) });
      return { mensaje: SETTINGS_MESSAGES.cuentaEliminada };
    },
  );
}
