import { and, eq, ne } from 'drizzle-orm';
import type { instalmentPaymentFieldsSchema } from '@camposanto/domain';
import {
  centsToDecimal,
  formatUsd,
  fromCents,
  hasNothingDueNow,
  instalmentAmountMatches,
  PAYMENT_MESSAGES,
  toCents,
} from '@camposanto/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { cuotas, pagos, solicitudDetalles, solicitudes } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { checkFile, recordFile, withStoredFiles, type CheckedFile } from '../../lib/documents';
import type { UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage';
import type { SessionUser } from '../../lib/actor';
import { reachableRequest } from '../contratos/access';
import { receivingBankFor } from '../cuentas-receptoras/service';

type Fields = z.output<typeof instalmentPaymentFieldsSchema>;
const RECEIPT_KINDS: ('image' | 'pdf')[] = ['image', 'pdf'];

/** SPEC §5 Instalment payment: which receipts and data each payment type needs. */
function requiredReceipts(fields: Fields, files: UploadedFile[]): CheckedFile[] {
  const usdReceipt = files.find((file) => file.field === 'comprobante_usd');
  const vesReceipt = files.find((file) => file.field === 'comprobante_ves');
  const paysUsd = fields.metodo_pago !== 'VES';
  const paysVes = fields.metodo_pago !== 'USD';
  if (paysUsd && (!usdReceipt || fields.monto_usd <= 0)) throw badRequest(PAYMENT_MESSAGES.comprobanteUsd);
  if (paysVes) {
    const message =
      fields.metodo_ves === 'pago_movil'
        ? PAYMENT_MESSAGES.comprobantePagoMovil
        : PAYMENT_MESSAGES.comprobanteTransferencia;
    if (
      !fields.metodo_ves ||
      !vesReceipt ||
      !fields.banco_emisor ||
      !fields.referencia ||
      fields.monto_ves <= 0
    ) {
      throw badRequest(message);
    }
  }
  return [
    ...(paysUsd ? [checkFile(usdReceipt!, RECEIPT_KINDS, PAYMENT_MESSAGES.comprobanteTipo)] : []),
    ...(paysVes ? [checkFile(vesReceipt!, RECEIPT_KINDS, PAYMENT_MESSAGES.comprobanteTipo)] : []),
  ];
}

/**
 * SPEC §7 POST /api/v1/cuotas/pago-cuota. USD, VES (transfer or pago móvil) or both; what is paid must equal
 * the instalment, exactly in one currency and within 0.01 when mixed (SPEC §9). The instalment row is locked
 * and payments are unique per instalment, so of two concurrent payments exactly one succeeds. A contract with
 * every instalment paid becomes `pagado`.
 */
export async function payInstalment(args: {
  db: Db;
  storage: FileStorage;
  actor: SessionUser;
  fields: Fields;
  files: UploadedFile[];
  rate: number | null;
}) {
  const { fields } = args;
  const checked = requiredReceipts(fields, args.files);
  const paysVes = fields.metodo_pago !== 'USD';
  if (paysVes && !args.rate) throw badRequest(PAYMENT_MESSAGES.sinTasa);
  try {
    return await withStoredFiles(args.storage, 'comprobantes', checked, (stored) =>
      args.db.transaction(async (tx) => {
        const [owner] = await tx
          .select({ solicitudId: cuotas.solicitudId })
          .from(cuotas)
          .where(eq(cuotas.id, fields.cuota_id));
        if (!owner) throw notFound(PAYMENT_MESSAGES.faltanDatos);
        // The contract is locked before its instalment, in the order of every writer of a contract's
        // instalments (an initial payment that prices them again, a rejection): two of them wait for each other
        // instead of deadlocking. The contract's state is then decided on what the other instalments are once a
        // concurrent rejection of one of them has committed (issue 14 §3).
        const contract = await reachableRequest({
          db: tx,
          actor: args.actor,
          id: owner.solicitudId,
          lock: true,
        });
        const [instalment] = await tx
          .select()
          .from(cuotas)
          .where(eq(cuotas.id, fields.cuota_id))
          .for('update');
        if (!instalment) throw notFound(PAYMENT_MESSAGES.faltanDatos);
        if (instalment.estadoPago === 'pagado') throw conflict(PAYMENT_MESSAGES.cuotaYaPagada);
        const usd = fields.metodo_pago === 'VES' ? 0 : fields.monto_usd;
        const ves = paysVes ? fields.monto_ves : 0;
        const due = toCents(instalment.monto);
        if (!instalmentAmountMatches({ tipo: fields.metodo_pago, usd, ves, rate: args.rate, due }))
          throw badRequest(PAYMENT_MESSAGES.montoNoCoincide);

        for (const [index, file] of stored.entries())
          await recordFile(tx, file, checked[index]!.file, 'comprobante', args.actor.id);
        const receiptOf = (field: string) =>
          stored[checked.findIndex((item) => item.file.field === field)]?.id ?? null;
        const remaining = await tx
          .select({ monto: cuotas.monto })
          .from(cuotas)
          .where(
            and(
              eq(cuotas.solicitudId, contract.id),
              ne(cuotas.estadoPago, 'pagado'),
              ne(cuotas.id, instalment.id),
            ),
          );
        const [payment] = await tx
          .insert(pagos)
          .values({
            solicitudId: contract.id,
            cuotaId: instalment.id,
            vendedorId: contract.vendedorId,
            registradoPor: args.actor.id,
            tipo: 'cuota',
            metodoPago: fields.metodo_pago,
            metodoVes: paysVes ? (fields.metodo_ves ?? null) : null,
            divisas: centsToDecimal(usd),
            bolivares: centsToDecimal(ves),
            dollarPrice: args.rate === null ? null : args.rate.toFixed(4),
            // What the instalment was worth: the tolerance never changes the income by a cent.
            montoPagado: centsToDecimal(due),
            montoTotal: contract.montoTotal,
            montoRestante: centsToDecimal(remaining.reduce((total, row) => total + toCents(row.monto), 0)),
            bancoEmisor: fields.banco_emisor || null,
            bancoReceptor: await receivingBankFor({ db: tx, method: fields.metodo_pago }),
            referencia: fields.referencia || null,
            observaciones: fields.observaciones || null,
            comprobanteUsdId: receiptOf('comprobante_usd'),
            comprobanteVesId: receiptOf('comprobante_ves'),
          })
          .returning();
        await tx
          .update(cuotas)
          .set({ estadoPago: 'pagado', fechaPago: new Date() })
          .where(eq(cuotas.id, instalment.id));
        // A contract converted before its initial was reported is paid once that initial is too.
        const isFullyPaid = remaining.length === 0 && (await isInitialSettled(tx, contract));
        if (isFullyPaid) {
          await tx
            .update(solicitudes)
            .set({ estadoPago: 'pagado', updatedAt: new Date() })
            .where(eq(solicitudes.id, contract.id));
        }
        await audit(tx, args.actor, {
          accion: 'pagar_cuota',
          descripcion: `Cuota #${instalment.numero} del contrato ${contract.numeroContrato} pagada (${fields.metodo_pago}): ${formatUsd(fromCents(due))}${
            isFullyPaid ? '; contrato pagado en su totalidad' : ''
          }`,
          entidad: 'cuota',
          entidadId: instalment.id,
        });
        return { payment: payment!, isFullyPaid };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'pagos_cuota_key')) throw conflict(PAYMENT_MESSAGES.cuotaYaPagada);
    throw error;
  }
}

async function isInitialSettled(tx: Db, contract: typeof solicitudes.$inferSelect) {
  if (contract.estadoPago !== 'pendiente') return true;
  const lines = await tx
    .select({ pagoInicial: solicitudDetalles.pagoInicial })
    .from(solicitudDetalles)
    .where(eq(solicitudDetalles.solicitudId, contract.id));
  return hasNothingDueNow({
    modalidadPago: contract.modalidadPago,
    detalles: lines.map((line) => ({ pagoInicial: toCents(line.pagoInicial) })),
  });
}
