import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, messageSchema, PAYMENT_MESSAGES, sendRequestEmailSchema } from '@camposanto/domain';
import { badRequest } from '../../lib/app-error';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { sendRequestEmail } from './service';

export async function correoRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/enviar_correo',
    {
      onRequest: requireRoles(app, 'administrador', 'supervisor', 'vendedor'),
      schema: {
        tags: ['Pagos'],
        summary:
          'Envía la solicitud por correo a administración (solicitud_id, o solicitud.id como la enviaba el sistema anterior)',
        // The old client sent the whole request; only its id is used: the server reads the rest itself.
        body: sendRequestEmailSchema,
        response: {
          200: messageSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const requestId = request.body.solicitud_id ?? request.body.solicitud?.id;
      if (!requestId) throw badRequest(PAYMENT_MESSAGES.faltanDatosCorreo);
      return sendRequestEmail({
        db: app.db,
        storage: app.storage,
        mailer: app.mailer,
        mailAdmin: app.config.mailAdmin,
        actor: sessionOf(request),
        requestId,
      });
    },
  );
}
