import { eq } from 'drizzle-orm';
import type { requestPaymentFieldsSchema } from '@camposanto/domain';
import {
  centsToDecimal,
  formatBolivares,
  formatRate,
  formatUsd,
  fromCents,
  PAYMENT_MESSAGES,
  repriceRequest,
  splitEvenly,
  toBolivares,
  toCents,
  type Cents,
  type MetodoPago,
  type RequestPrice,
} from '@camposanto/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { cuotas, pagos, solicitudDetalles, solicitudes } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { checkFile, recordFile, withStoredFiles, type CheckedFile } from '../../lib/documents';
import type { UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage';
import type { SessionUser } from '../../lib/actor';
import { reachableRequest } from '../contratos/access';
import { lineAmounts, storedQuote } from '../solicitudes/amounts';
import { priceOrRefuse } from '../solicitudes/service';
import { receivingBankFor } from '../cuentas-receptoras/service';

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
  actor: SessionUser;
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
        const request = await reachableRequest({
          db: tx,
          actor: args.actor,
          id: fields.solicitud_id,
          lock: true,
        });
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
        // DESIGN §4.12: the discount belongs to the currency paid; the request is priced in it first.
        const price = priceOrRefuse(() =>
          repriceRequest(lines.map(storedQuote), request.modalidadPago, fields.metodoPago),
        );
        const amount = price.dueNow;
        if (amount <= 0) throw badRequest(PAYMENT_MESSAGES.sinPagoInicial);
        if (
          request.metodoPago !== fields.metodoPago ||
          lines.some((line) => line.metodoPago !== fields.metodoPago)
        )
          await applyPrice(tx, { request, lines, price, metodo: fields.metodoPago, actor: args.actor });
        const isFinanced = request.modalidadPago === 'Financiado';
        const schedule = await tx
          .select()
          .from(cuotas)
          .where(eq(cuotas.solicitudId, request.id))
          .orderBy(cuotas.numero);
        const rate = args.rate ?? null;
        await recordFile(tx, stored!, checked[0]!.file, 'comprobante', args.actor.id);
        const [payment] = await tx
          .insert(pagos)
          .values({
            solicitudId: request.id,
            vendedorId: request.vendedorId,
            registradoPor: args.actor.id,
            tipo: isFinanced ? 'inicial' : 'contado',
            metodoPago: fields.metodoPago,
            divisas: fields.metodoPago === 'USD' ? centsToDecimal(amount) : '0',
            bolivares: fields.metodoPago === 'VES' ? centsToDecimal(toBolivares(amount, rate!)) : '0',
            dollarPrice: rate === null ? null : rate.toFixed(4),
            montoPagado: centsToDecimal(amount),
            montoTotal: centsToDecimal(price.amounts.montoTotal),
            montoRestante: centsToDecimal(isFinanced ? price.amounts.saldo - paidOf(schedule) : 0),
            descuento: centsToDecimal(price.amounts.descuento),
            bancoEmisor: fields.banco_emisor || null,
            bancoReceptor: await receivingBankFor({ db: tx, method: fields.metodoPago }),
            referencia: fields.referencia || null,
            observaciones: fields.observaciones || null,
            comprobanteUsdId: fields.metodoPago === 'USD' ? stored!.id : null,
            comprobanteVesId: fields.metodoPago === 'VES' ? stored!.id : null,
          })
          .returning();
        // A contract converted before its initial was reported may have paid every instalment already.
        const isSettled =
          !isFinanced || (schedule.length > 0 && schedule.every((cuota) => cuota.estadoPago === 'pagado'));
        const estadoPago = isSettled ? 'pagado' : 'inicial_pagada';
        await tx
          .update(solicitudes)
          .set({ estadoPago, updatedAt: new Date() })
          .where(eq(solicitudes.id, request.id));
        await tx
          .update(solicitudDetalles)
          .set({ estadoPago })
          .where(eq(solicitudDetalles.solicitudId, request.id));
        await audit(tx, args.actor, {
          accion: 'reportar_pago',
          descripcion: `Pago ${isFinanced ? 'inicial' : 'de contado'} de la solicitud ${request.numeroSolicitud}: ${formatUsd(fromCents(amount))} en ${fields.metodoPago}${
            fields.metodoPago === 'VES'
              ? ` (${formatBolivares(Number(payment!.bolivares))} a ${formatRate(rate!)} por dólar)`
              : ''
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

/**
 * Stores a request priced again in the currency paid (DESIGN §4.12): its lines, its totals and the method, in
 * the payment's transaction, and audits what changed.
 */
async function applyPrice(
  tx: Db,
  args: {
    request: typeof solicitudes.$inferSelect;
    lines: (typeof solicitudDetalles.$inferSelect)[];
    price: RequestPrice;
    metodo: MetodoPago;
    actor: SessionUser;
  },
) {
  const { request, lines, price, metodo } = args;
  for (const [index, line] of lines.entries()) {
    await tx
      .update(solicitudDetalles)
      .set({ metodoPago: metodo, tipoMoneda: metodo, ...lineAmounts(price.quotes[index]!) })
      .where(eq(solicitudDetalles.id, line.id));
  }
  const totals = {
    precioPlan: centsToDecimal(price.amounts.precioPlan),
    montoTotal: centsToDecimal(price.amounts.montoTotal),
    descuento: centsToDecimal(price.amounts.descuento),
    precioConDescuento: centsToDecimal(price.amounts.precioConDescuento),
  };
  await tx
    .update(solicitudes)
    .set({ metodoPago: metodo, ...totals, updatedAt: new Date() })
    .where(eq(solicitudes.id, request.id));
  if (request.estado === 'contrato') await spreadOverUnpaidInstalments(tx, request.id, price.amounts.saldo);
  await audit(tx, args.actor, {
    accion: 'reprecio_solicitud',
    descripcion: `Solicitud ${request.numeroSolicitud} pagada en ${metodo}: precio de ${request.metodoPago} a ${metodo}, total ${formatUsd(Number(request.montoTotal))} → ${formatUsd(Number(totals.montoTotal))}, descuento ${formatUsd(Number(request.descuento))} → ${formatUsd(Number(totals.descuento))}`,
    entidad: 'solicitud',
    entidadId: request.id,
  });
}

/**
 * A contract converted before its initial was reported, then paid in another currency than its price's: the
 * new balance, less what instalments already paid, is spread again over the unpaid ones (issue 10 §2).
 */
async function spreadOverUnpaidInstalments(tx: Db, contractId: number, balance: Cents) {
  const schedule = await tx
    .select()
    .from(cuotas)
    .where(eq(cuotas.solicitudId, contractId))
    .orderBy(cuotas.numero);
  const unpaid = schedule.filter((cuota) => cuota.estadoPago !== 'pagado');
  const remaining = balance - paidOf(schedule);
  if (unpaid.length === 0 ? remaining !== 0 : remaining < unpaid.length)
    throw conflict(PAYMENT_MESSAGES.monedaFija);
  const amounts = splitEvenly(remaining, unpaid.length);
  for (const [index, cuota] of unpaid.entries()) {
    await tx
      .update(cuotas)
      .set({ monto: centsToDecimal(amounts[index]!) })
      .where(eq(cuotas.id, cuota.id));
  }
}

type Instalment = typeof cuotas.$inferSelect;
const paidOf = (schedule: Instalment[]) =>
  schedule
    .filter((cuota) => cuota.estadoPago === 'pagado')
    .reduce((total, cuota) => total + toCents(cuota.monto), 0);
