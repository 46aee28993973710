import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserSchema,
  errorBodySchema,
  idParamSchema,
  MSG,
  messageSchema,
  setActiveSchema,
  updateUserSchema,
  USER_CSV_HEADER,
  userSchema,
  usersListQuerySchema,
} from '@camposanto/domain';
import { replyWithCsv, replyWithSortedList } from '../../lib/list-tools';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { createUser, deleteUser, setUserActive, updateUser, userCsvRow, usersList } from './service';

const tags = ['Usuarios'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export async function usuariosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireRoles(app, 'administrador', 'asistente');

  r.get(
    '/api/v1/usuarios',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Usuarios (q, orden, rol, activo; page/per_page opcionales; formato=csv exporta todo el filtro)',
        description: 'Sin parámetros, todos por nombre (SPEC §7). X-Total-Count: usuarios del filtro.',
        querystring: usersListQuerySchema,
        response: {
          200: z.array(userSchema),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const list = usersList({ db: app.db, query: request.query });
      if (request.query.formato === 'csv') {
        return replyWithCsv(reply, { name: 'usuarios', header: USER_CSV_HEADER, list, toRow: userCsvRow });
      }
      return replyWithSortedList(reply, list, request.query);
    },
  );

  r.post(
    '/api/v1/usuarios/',
    { onRequest: guard, schema: { tags, body: createUserSchema, response: { 200: userSchema, ...errors } } },
    async (request) => createUser({ db: app.db, input: request.body, actor: sessionOf(request) }),
  );

  r.put(
    '/api/v1/usuarios/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        params: idParamSchema,
        body: updateUserSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) =>
      updateUser({ db: app.db, id: request.params.id, changes: request.body, actor: sessionOf(request) }),
  );

  r.put(
    '/api/v1/usuarios/:id/active',
    {
      onRequest: guard,
      schema: {
        tags,
        params: idParamSchema,
        body: setActiveSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) =>
      setUserActive({
        db: app.db,
        id: request.params.id,
        isActive: request.body.is_active,
        actor: sessionOf(request),
      }),
  );

  r.delete(
    '/api/v1/usuarios/:id',
    {
      onRequest: guard,
      schema: { tags, params: idParamSchema, response: { 200: messageSchema, ...errors } },
    },
    async (request) => {
      await deleteUser({ db: app.db, id: request.params.id, actor: sessionOf(request) });
      return { mensaje: MSG.usuarioEliminado };
    },
  );
}
