import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  FINANCED_CONTRACT_CSV_HEADER,
  financedContractsQuerySchema,
  idNumber,
  idParamSchema,
  instalmentPaymentFieldsSchema,
  instalmentsResponseSchema,
  pagedSchema,
  PAYMENT_MESSAGES,
  paymentSavedSchema,
  requestDetailsSchema,
  paymentReportSchema,
  requestDtoSchema,
  requestPaymentFieldsSchema,
  PAYMENT_HISTORY_CSV_HEADER,
  PAYMENT_REPORT_CSV_HEADER,
  paymentHistoryListQuerySchema,
  paymentReportsListQuerySchema,
} from '@camposanto/domain';
import { sendStoredFile } from '../../lib/documents';
import { replyWithCsv, replyWithSortedList } from '../../lib/list-tools';
import { replyWithList } from '../../lib/list-reply';
import { readMultipart } from '../../lib/multipart';
import { parseInput } from '../../lib/validation';
import { reachableSellerIds, sellersOfList } from '../../lib/seller-scope';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { plainJsonSerializers } from '../../plugins/serializers';
import { asksForListTools, financedContractCsvRow, financedContractsList } from './financed-contracts-list';
import { payInstalment } from './instalments-service';
import { listFinancedContracts, listInstalments, paymentReceipt, requestDetails } from './queries';
import { reportRequestPayment } from './request-payment-service';
import {
  pageOf,
  paymentHistoryCsvRow,
  paymentHistoryList,
  paymentReportCsvRow,
  paymentReportsList,
} from './sales-lists';

const tags = ['Pagos'];
const RECEIPT_FIELDS = ['comprobante_usd', 'comprobante_ves'];
const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

export async function pagosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sales = requireRoles(app, 'administrador', 'supervisor', 'vendedor');
  const staff = requireRoles(app, 'administrador', 'asistente', 'supervisor', 'vendedor');
  // One receipt per currency paid.
  const receipts = { maxBytes: app.config.uploadMaxBytes, fileFields: RECEIPT_FIELDS, maxFiles: 2 };
  const currentRate = async () => (await app.rates.getCurrent()).promedio;

  r.get(
    '/api/reporte-pagos/solicitudes/:vendedorId',
    {
      onRequest: sales,
      schema: {
        tags,
        description:
          'Issue 15: q (cliente o número), orden, estado_pago, servicio, desde, hasta; formato=csv exporta todo el filtro.',
        params: z.object({ vendedorId: idNumber() }),
        querystring: paymentReportsListQuerySchema,
        response: { 200: pagedSchema(requestDtoSchema), 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { page, per_page: perPage, ...query } = request.query;
      const sellers = await sellersOfList(app.db, sessionOf(request), request.params.vendedorId);
      const list = paymentReportsList({ db: app.db, sellers, query });
      if (query.formato === 'csv') {
        return replyWithCsv(reply, {
          name: 'reporte-pagos',
          header: PAYMENT_REPORT_CSV_HEADER,
          list,
          toRow: paymentReportCsvRow,
        });
      }
      return pageOf(list, page, perPage);
    },
  );

  r.get(
    '/api/v1/vendedores/detalles/:clienteId/:solicitudId',
    {
      onRequest: staff,
      schema: {
        tags,
        params: z.object({
          clienteId: idNumber(),
          solicitudId: idNumber(),
        }),
        response: {
          200: requestDetailsSchema,
          ...errors,
        },
      },
    },
    (request) =>
      requestDetails({
        db: app.db,
        actor: sessionOf(request),
        clientId: request.params.clienteId,
        requestId: request.params.solicitudId,
      }),
  );

  r.post(
    '/api/reporte-pagos/guardar-pago',
    {
      onRequest: sales,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        summary:
          'Reporta el pago inicial o de contado (solicitud_id, metodoPago, banco_emisor, referencia, comprobante_usd | comprobante_ves)',
        response: { 200: paymentSavedSchema, ...errors },
      },
    },
    async (request) => {
      const body = await readMultipart(request, receipts);
      const result = await reportRequestPayment({
        db: app.db,
        storage: app.storage,
        actor: sessionOf(request),
        fields: parseInput(requestPaymentFieldsSchema, body.fields),
        files: body.files,
        rate: await currentRate(),
      });
      return {
        message: PAYMENT_MESSAGES.registrado,
        mensaje: PAYMENT_MESSAGES.registrado,
        pago: { id: result.payment.id },
        estado_pago: result.estadoPago,
      };
    },
  );

  r.get(
    '/api/v1/cuotas/contratos-financiados',
    {
      onRequest: staff,
      // toRequestDto builds exactly the schema's fields, in its order (decision 047): pages and streamed batches.
      serializerCompiler: plainJsonSerializers({ validate: app.config.validateResponses }),
      schema: {
        tags,
        summary: 'Contratos financiados que el usuario alcanza, del más reciente al más antiguo',
        description:
          'Con page/per_page, una página; sin ellos, la lista entera en streaming. X-Total-Count: contratos del filtro. q busca por cliente, cédula o número; orden, vendedor_id, servicio, desde y hasta filtran; formato=csv exporta todo el filtro.',
        querystring: financedContractsQuerySchema,
        response: { 200: z.array(requestDtoSchema), 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const actor = sessionOf(request);
      if (!asksForListTools(request.query)) {
        return replyWithList(reply, await listFinancedContracts({ db: app.db, actor }), request.query);
      }
      const list = await financedContractsList({ db: app.db, actor, query: request.query });
      if (request.query.formato === 'csv') {
        return replyWithCsv(reply, {
          name: 'cuotas',
          header: FINANCED_CONTRACT_CSV_HEADER,
          list,
          toRow: financedContractCsvRow,
        });
      }
      return replyWithSortedList(reply, list, request.query);
    },
  );
  r.get(
    '/api/v1/cuotas/cuotas/:contractId',
    {
      onRequest: staff,
      schema: {
        tags,
        params: z.object({ contractId: idNumber() }),
        response: { 200: instalmentsResponseSchema, ...errors },
      },
    },
    (request) =>
      listInstalments({ db: app.db, actor: sessionOf(request), contractId: request.params.contractId }),
  );
  r.post(
    '/api/v1/cuotas/pago-cuota',
    {
      onRequest: staff,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        summary:
          'Paga una cuota (cuota_id, metodo_pago USD|VES|Ambos, monto_usd, monto_ves, metodo_ves, banco_emisor, referencia, comprobantes)',
        response: { 200: paymentSavedSchema, ...errors },
      },
    },
    async (request) => {
      const body = await readMultipart(request, receipts);
      const result = await payInstalment({
        db: app.db,
        storage: app.storage,
        actor: sessionOf(request),
        fields: parseInput(instalmentPaymentFieldsSchema, body.fields),
        files: body.files,
        rate: await currentRate(),
      });
      return {
        message: PAYMENT_MESSAGES.registrado,
        mensaje: PAYMENT_MESSAGES.registrado,
        pago: { id: result.payment.id },
        estado_pago: result.isFullyPaid ? 'pagado' : 'inicial_pagada',
      };
    },
  );

  r.get(
    '/api/v1/pagos/historial',
    {
      onRequest: staff,
      schema: {
        tags,
        description:
          'Issue 15: q (cliente, número o referencia), orden, verificacion, desde, hasta; formato=csv exporta todo el filtro.',
        querystring: paymentHistoryListQuerySchema,
        response: { 200: pagedSchema(paymentReportSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { page, per_page: perPage, ...query } = request.query;
      const sellers = await reachableSellerIds(app.db, sessionOf(request));
      const list = paymentHistoryList({ db: app.db, sellers, query });
      if (query.formato === 'csv') {
        return replyWithCsv(reply, {
          name: 'historial-pagos',
          header: PAYMENT_HISTORY_CSV_HEADER,
          list,
          toRow: paymentHistoryCsvRow,
        });
      }
      return pageOf(list, page, perPage);
    },
  );
  r.get(
    '/api/v1/pagos/:id/comprobante/:moneda',
    { onRequest: staff, schema: { tags, params: idParamSchema.extend({ moneda: z.enum(['usd', 'ves']) }) } },
    async (request, reply) =>
      sendStoredFile(
        reply,
        app.storage,
        await paymentReceipt({
          db: app.db,
          actor: sessionOf(request),
          paymentId: request.params.id,
          which: request.params.moneda,
        }),
      ),
  );
}
