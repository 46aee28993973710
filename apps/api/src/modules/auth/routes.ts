import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createAdminSchema,
  errorBodySchema,
  loginFormSchema,
  MSG,
  tokenResponseSchema,
  userSchema,
  verifyAdminResponseSchema,
} from '@camposanto/domain';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { createFirstAdmin, hasAdministrator, login, loginError, logout } from './service';
import { getUser } from '../usuarios/service';

const tags = ['Autenticación'];

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const strictLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  r.post(
    '/api/v1/login',
    {
      config: {
        public: true,
        rateLimit: {
          max: app.config.loginThrottle.attemptsPerMinute,
          timeWindow: '1 minute',
          // SPEC §7: the sign-in screen reads mensaje and error of every failure, this one too.
          errorResponseBuilder: () => loginError('TOO_MANY_REQUESTS', MSG.demasiadasSolicitudes),
        },
      },
      schema: {
        tags,
        summary: 'Inicia sesión (formulario x-www-form-urlencoded: username, password)',
        consumes: ['application/x-www-form-urlencoded'],
        body: loginFormSchema,
        response: {
          200: tokenResponseSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const payload = await login({
        db: app.db,
        throttle: app.loginThrottle,
        address: request.ip,
        ...request.body,
      });
      const accessToken = await app.jwt.sign(payload);
      return { access_token: accessToken, token_type: 'bearer' as const };
    },
  );

  r.post(
    '/api/v1/logout',
    { onRequest: requireRoles(app), schema: { tags, summary: 'Cierra la sesión e invalida los tokens' } },
    async (request, reply) => {
      await logout({ db: app.db, actor: sessionOf(request) });
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/v1/me',
    {
      onRequest: requireRoles(app),
      schema: { tags, summary: 'Usuario de la sesión', response: { 200: userSchema } },
    },
    async (request) => getUser({ db: app.db, id: sessionOf(request).id }),
  );

  r.get(
    '/api/v1/verificar-admin',
    {
      config: { public: true },
      schema: { tags, summary: '¿Existe ya un administrador?', response: { 200: verifyAdminResponseSchema } },
    },
    async () => ({ admin_creado: await hasAdministrator({ db: app.db }) }),
  );

  r.post(
    '/api/v1/crear-admin',
    {
      config: { ...strictLimit, public: true },
      schema: {
        tags,
        summary: 'Crea el primer administrador (solo mientras no exista ninguno)',
        body: createAdminSchema,
        response: { 201: userSchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await createFirstAdmin({ db: app.db, input: request.body });
      return reply.status(201).send(user);
    },
  );
}
