import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPANY_MESSAGES, errorBodySchema, idNumber, quoteRequestSchema } from '@camposanto/domain';
import { notFound } from '../../lib/app-error';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { reachableRequest } from '../contratos/access';
import { pagos } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { buildContractPdf, buildReceiptPdf, buildStatementPdf } from './documents';
import { quotePdf } from './quote';
import { sendPdf } from './send';

const tags = ['PDF'];
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const pdfBody = { 200: z.any().describe('application/pdf'), ...errors };

/**
 * Issue 14 §1: the contract, receipt, statement and quote PDFs. Same ownership as the data they show: a seller
 * their own, a supervisor their sellers', administración everything (403 otherwise, 404 for what is not there).
 */
export async function pdfRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireRoles(app, 'administrador', 'asistente', 'supervisor', 'vendedor');
  const sales = requireRoles(app, 'administrador', 'supervisor', 'vendedor');
  const contractParams = z.object({ contratoId: idNumber() });

  r.get(
    '/api/v1/pdf/contrato/:contratoId',
    {
      onRequest: staff,
      schema: { tags, summary: 'Contrato en PDF', params: contractParams, response: pdfBody },
    },
    async (request, reply) => {
      const { contratoId } = request.params;
      await reachableRequest({ db: app.db, actor: sessionOf(request), id: contratoId });
      return sendPdf(
        reply,
        await buildContractPdf({ db: app.db, storage: app.storage, contractId: contratoId }),
      );
    },
  );
  r.get(
    '/api/v1/pdf/estado-cuenta/:contratoId',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Estado de cuenta del contrato en PDF',
        params: contractParams,
        response: pdfBody,
      },
    },
    async (request, reply) => {
      const { contratoId } = request.params;
      await reachableRequest({ db: app.db, actor: sessionOf(request), id: contratoId });
      return sendPdf(
        reply,
        await buildStatementPdf({ db: app.db, storage: app.storage, contractId: contratoId }),
      );
    },
  );
  r.get(
    '/api/v1/pdf/recibo/:pagoId',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Recibo de un pago en PDF (409 si el pago fue rechazado)',
        params: z.object({ pagoId: idNumber() }),
        response: pdfBody,
      },
    },
    async (request, reply) => {
      const [payment] = await app.db
        .select({ solicitudId: pagos.solicitudId })
        .from(pagos)
        .where(eq(pagos.id, request.params.pagoId));
      if (!payment) throw notFound(COMPANY_MESSAGES.pagoNoEncontrado);
      await reachableRequest({ db: app.db, actor: sessionOf(request), id: payment.solicitudId });
      return sendPdf(
        reply,
        await buildReceiptPdf({ db: app.db, storage: app.storage, paymentId: request.params.pagoId }),
      );
    },
  );
  r.post(
    '/api/v1/pdf/presupuesto',
    {
      onRequest: sales,
      schema: {
        tags,
        summary:
          'Presupuesto en PDF del formulario de solicitud sin guardar (válido 3 días; el servidor calcula los precios)',
        body: quoteRequestSchema,
        response: pdfBody,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await quotePdf({ db: app.db, storage: app.storage, actor: sessionOf(request), body: request.body }),
      ),
  );
}
