import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  repeatedReferenceQuerySchema,
  repeatedReferenceSchema,
  verificationDecidedSchema,
  verificationDecisionSchema,
  verificationPageSchema,
  verificationParamsSchema,
  VERIFICATION_CSV_HEADER,
  verificationListQuerySchema,
} from '@camposanto/domain';
import { replyWithCsv } from '../../lib/list-tools';
import { requireRoles, sessionOf } from '../../plugins/auth';
import {
  decidePayment,
  isReferenceRepeated,
  listVerificationQueue,
  verificationCsvRow,
  verificationList,
} from './service';

const tags = ['Verificación de pagos'];

/** Issue 14 §3: the receipt verification queue, the decision on a payment and the repeated-reference warning. */
export async function verificacionPagosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const office = requireRoles(app, 'administrador', 'asistente');
  const staff = requireRoles(app, 'administrador', 'asistente', 'supervisor', 'vendedor');

  r.get(
    '/api/v1/admin/verificacion-pagos',
    {
      onRequest: office,
      schema: {
        tags,
        summary: 'Pagos reportados por estado de verificación (por_verificar por defecto, del más antiguo)',
        description:
          'Una página y el total del filtro (también en X-Total-Count). q busca por cliente, cédula, número o referencia; orden, moneda, vendedor_id, desde y hasta filtran; formato=csv exporta todo el filtro.',
        querystring: verificationListQuerySchema,
        response: { 200: verificationPageSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.query.formato === 'csv') {
        return replyWithCsv(reply, {
          name: 'verificacion-pagos',
          header: VERIFICATION_CSV_HEADER,
          list: verificationList({ db: app.db, query: request.query }),
          toRow: verificationCsvRow,
        });
      }
      const page = await listVerificationQueue({ db: app.db, query: request.query });
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  r.post(
    '/api/v1/admin/pagos/:id/verificar',
    {
      onRequest: office,
      schema: {
        tags,
        summary: 'Verifica o rechaza (con motivo) un pago por verificar; el rechazo deshace el pago',
        params: verificationParamsSchema,
        body: verificationDecisionSchema,
        response: {
          200: verificationDecidedSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    (request) =>
      decidePayment({
        db: app.db,
        actor: sessionOf(request),
        mailer: app.mailer,
        log: request.log,
        paymentId: request.params.id,
        decision: request.body,
      }),
  );

  r.get(
    '/api/v1/pagos/referencia-repetida',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Si otro pago no rechazado ya usó este banco emisor y esta referencia (solo un aviso)',
        querystring: repeatedReferenceQuerySchema,
        response: { 200: repeatedReferenceSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      repetida: await isReferenceRepeated({
        db: app.db,
        bancoEmisor: request.query.banco_emisor,
        referencia: request.query.referencia,
      }),
    }),
  );
}
