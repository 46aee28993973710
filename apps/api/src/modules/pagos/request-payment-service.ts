import { eq } from 'drizzle-orm';
import type { requestPaymentFieldsSchema } from '@camposanto/domain';
import {
  centsToDecimal,
  CUENTA_RECEPTORA,
  PAYMENT_MESSAGES,
  requestPaymentAmount,
  toBolivares,
  toCents,
} from '@camposanto/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { pagos, solicitudDetalles, solicitudes } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { checkFile, recordFile, withStoredFiles, type CheckedFile } from '../../lib/documents';
import type { UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage';
import type { SessionUser } from '../../plugins/auth';
import { reachableRequest } from '../contratos/access';

type Fields = z.output<typeof requestPaymentFieldsSchema>;
const RECEIPT_KINDS: ('image' | 'pdf')[] = ['image', 'pdf'];

/**
 * SPEC §7 POST /api/reporte-pagos/guardar-pago: the initial (financed) or whole (cash) payment of a request.
 * The amount is the server's (SPEC §5), the rate used is stored, and the request moves from pendiente to
 * inicial_pagada or pagado. One such payment per request: a second report is a 409.
 */
export async function reportRequestPayment(args: {
  db: Db;
  storage: FileStorage;
  user: SessionUser;
  fields: Fields;
  files: UploadedFile[];
  rate: number | null;
}) {
  const { fields } = args;
  const receiptField = fields.metodoPago === 'USD' ? 'comprobante_usd' : 'comprobante_ves';
  const receipt = args.files.find((file) => file.field === receiptField);
  if (fields.metodoPago === 'USD' && !receipt) throw badRequest(PAYMENT_MESSAGES.comprobanteUsd);
  if (fields.metodoPago === 'VES' && (!receipt || !fields.banco_emisor || !fields.referencia)) {
    throw badRequest(PAYMENT_MESSAGES.datosVes);
  }
  if (fields.metodoPago === 'VES' && !args.rate) throw badRequest(PAYMENT_MESSAGES.sinTasa);
  const checked: CheckedFile[] = [checkFile(receipt!, RECEIPT_KINDS, PAYMENT_MESSAGES.comprobanteTipo)];

  try {
    return await withStoredFiles(args.storage, 'comprobantes', checked, ([stored]) =>
      args.db.transaction(async (tx) => {
        const request = await reachableRequest(tx, args.user, fields.solicitud_id, { lock: true });
        // DESIGN §4.6: past its date a pending request is expired, whether or not the job has marked it yet.
        const isOverdue =
          request.estado === 'solicitud' &&
          request.estadoPago === 'pendiente' &&
          request.fechaVencimiento < new Date();
        if (request.estado === 'caducada' || isOverdue) throw conflict(PAYMENT_MESSAGES.solicitudCaducada);
        if (request.estadoPago !== 'pendiente') throw conflict(PAYMENT_MESSAGES.yaReportado);
        const lines = await tx
          .select()
          .from(solicitudDetalles)
          .where(eq(solicitudDetalles.solicitudId, request.id));
        const amount = requestPaymentAmount({
          modalidadPago: request.modalidadPago,
          metodo: fields.metodoPago,
          precioConDescuento: toCents(request.precioConDescuento),
          precioPlan: toCents(request.precioPlan),
          pagoInicial: lines.reduce((total, line) => total + toCents(line.pagoInicial), 0),
        });
        const isFinanced = request.modalidadPago === 'Financiado';
        const rate = args.rate ?? null;
        await recordFile(tx, stored!, checked[0]!.file, 'comprobante', args.user.id);
        const [payment] = await tx
          .insert(pagos)
          .values({
            solicitudId: request.id,
            vendedorId: request.vendedorId,
            registradoPor: args.user.id,
            tipo: isFinanced ? 'inicial' : 'contado',
            metodoPago: fields.metodoPago,
            divisas: fields.metodoPago === 'USD' ? centsToDecimal(amount) : '0',
            bolivares: fields.metodoPago === 'VES' ? centsToDecimal(toBolivares(amount, rate!)) : '0',
            dollarPrice: rate === null ? null : rate.toFixed(4),
            montoPagado: centsToDecimal(amount),
            montoTotal: request.montoTotal,
            montoRestante: centsToDecimal(isFinanced ? toCents(request.montoTotal) - amount : 0),
            descuento: request.descuento,
            bancoEmisor: fields.banco_emisor || null,
            bancoReceptor: CUENTA_RECEPTORA.banco,
            referencia: fields.referencia || null,
            observaciones: fields.observaciones || null,
            comprobanteUsdId: fields.metodoPago === 'USD' ? stored!.id : null,
            comprobanteVesId: fields.metodoPago === 'VES' ? stored!.id : null,
          })
          .returning();
        const estadoPago = isFinanced ? 'inicial_pagada' : 'pagado';
        await tx
          .update(solicitudes)
          .set({ estadoPago, updatedAt: new Date() })
          .where(eq(solicitudes.id, request.id));
        await tx
          .update(solicitudDetalles)
          .set({ estadoPago })
          .where(eq(solicitudDetalles.solicitudId, request.id));
        await audit(tx, args.user, {
          accion: 'reportar_pago',
          descripcion: `Pago ${isFinanced ? 'inicial' : 'de contado'} de la solicitud ${request.numeroSolicitud}: ${centsToDecimal(amount)} USD en ${fields.metodoPago}${
            fields.metodoPago === 'VES' ? ` (${payment!.bolivares} Bs. a ${rate} Bs./USD)` : ''
          }`,
          entidad: 'pago',
          entidadId: payment!.id,
        });
        return { payment: payment!, estadoPago };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'pagos_inicial_key')) throw conflict(PAYMENT_MESSAGES.yaReportado);
    throw error;
  }
}
