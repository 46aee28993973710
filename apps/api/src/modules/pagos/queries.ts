import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  CONTRACT_MESSAGES,
  fromCents,
  PAYMENT_MESSAGES,
  paymentOwnState,
  toCents,
  type InstalmentPayment,
  type PaymentReport,
  type RequestDto,
  type VerificationState,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { archivos, clientes, cuotas, difuntos, pagos, solicitudes } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { codeWords, preparedQuery } from '../../lib/prepared-once';
import type { ListSource } from '../../lib/list-reply';
import { inSellers, reachableSellerIds } from '../../lib/seller-scope';
import type { SessionUser } from '../../lib/actor';
import { reachableClient, toClientDto } from '../clientes/service';
import { reachableRequest } from '../contratos/access';
import { contractList, contractTotals } from '../contratos/history-queries';
import { contractsPage } from '../contratos/queries';
import { loadRequests } from '../contratos/request-dto';

/**
 * SPEC §7 GET /api/v1/cuotas/contratos-financiados (SPEC §2 screen 7): the financed contracts the user reaches,
 * newest conversion first, with their number in X-Total-Count (from the income rollup, decision 016). The pages of
 * all of them come from the page map; a seller's or a supervisor's from the index of the financed contracts.
 */
export async function listFinancedContracts({
  db,
  actor,
}: {
  db: Db;
  actor: SessionUser;
}): Promise<ListSource<RequestDto>> {
  const sellers = await reachableSellerIds(db, actor);
  return contractList({
    db,
    where: and(
      eq(solicitudes.estado, 'contrato'),
      eq(solicitudes.modalidadPago, 'Financiado'),
      inSellers(solicitudes.vendedorId, sellers),
    ),
    summary: async () => ({ total: (await contractTotals({ db, modalidad: 'Financiado', sellers })).total }),
    pageOf:
      sellers === 'all'
        ? (window) =>
            contractsPage(
              db,
              { dateField: 'fecha_conversion', states: ['contrato'], modalidad: 'Financiado' },
              window,
            )
        : undefined,
  });
}

type PaymentRow = typeof pagos.$inferSelect;
const amount = (value: string | null) => (value === null ? 0 : Number(value));

/** What was paid, how and with which receipts: shared by the payment history and the instalments. */
function toInstalmentPayment(row: PaymentRow): InstalmentPayment {
  return {
    id: row.id,
    fecha_pago: row.fechaPago.toISOString(),
    metodo_pago: row.metodoPago,
    metodo_ves: row.metodoVes,
    divisas: amount(row.divisas),
    bolivares: amount(row.bolivares),
    dollar_price: row.dollarPrice === null ? null : Number(row.dollarPrice),
    monto_pagado: amount(row.montoPagado),
    banco_emisor: row.bancoEmisor,
    referencia: row.referencia,
    tiene_comprobante_usd: row.comprobanteUsdId !== null,
    tiene_comprobante_ves: row.comprobanteVesId !== null,
    estado_verificacion: row.estadoVerificacion as VerificationState,
    motivo_rechazo: row.motivoRechazo,
  };
}

export function toPaymentDto(
  row: PaymentRow,
  request: { numeroSolicitud: string; numeroContrato: string | null },
  cliente: string,
  // Null for an initial or cash payment (a left join with no instalment).
  instalment: { numero: number; estado: string } | null,
): PaymentReport {
  return {
    ...toInstalmentPayment(row),
    solicitud_id: row.solicitudId,
    numero_solicitud: request.numeroSolicitud,
    numero_contrato: request.numeroContrato,
    cliente,
    tipo: row.tipo,
    nro_cuota: row.tipo === 'cuota' ? (instalment?.numero ?? null) : 1,
    monto_restante: amount(row.montoRestante),
    monto_total: amount(row.montoTotal),
    descuento: amount(row.descuento),
    banco_receptor: row.bancoReceptor,
    observaciones: row.observaciones,
    // Issue 10 §7: the payment's own state, not its request's (a paid Cuota #1 never reads PENDIENTE).
    estado_pago: paymentOwnState({
      tipo: row.tipo,
      estadoCuota: instalment?.estado ?? null,
      estadoVerificacion: row.estadoVerificacion,
    }),
  };
}

export function selectPayments(db: Db) {
  return db
    .select({
      payment: pagos,
      request: solicitudes,
      cliente: clientes.nombre,
      instalment: { numero: cuotas.numero, estado: cuotas.estadoPago },
    })
    .from(pagos)
    .innerJoin(solicitudes, eq(solicitudes.id, pagos.solicitudId))
    .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
    .leftJoin(cuotas, eq(cuotas.id, pagos.cuotaId));
}

/** SPEC §7 GET /api/v1/vendedores/detalles/{clienteId}/{solicitudId}. */
export async function requestDetails({
  db,
  actor,
  clientId,
  requestId,
}: {
  db: Db;
  actor: SessionUser;
  clientId: number;
  requestId: number;
}) {
  const request = await reachableRequest({ db, actor, id: requestId });
  if (request.clienteId !== clientId) throw notFound(CONTRACT_MESSAGES.noEncontrada);
  const [client, [solicitud], deceased, payments] = await Promise.all([
    reachableClient({ db, actor, id: clientId }),
    loadRequests({ db, where: eq(solicitudes.id, requestId), orderBy: [] }),
    db.select().from(difuntos).where(eq(difuntos.solicitudId, requestId)),
    selectPayments(db).where(eq(pagos.solicitudId, requestId)).orderBy(pagos.fechaPago),
  ]);
  return {
    solicitud: solicitud!,
    cliente: toClientDto(client),
    difunto: deceased.map((row) => ({
      nombre_difunto: row.nombre,
      cedula_difunto: row.cedula,
      fecha_nac_difunto: row.fechaNacimiento,
      parentesco_difunto: row.parentesco,
      fecha_defuncion: row.fechaDefuncion,
      causa_defuncion: row.causaDefuncion,
      direccion_defuncion: row.direccionDefuncion,
    })),
    reporte_pagos: payments.map((row) => toPaymentDto(row.payment, row.request, row.cliente, row.instalment)),
  };
}

/**
 * SPEC §7 GET /api/v1/cuotas/cuotas/{id} with the counters of SPEC §2 screen 7, summed in cents. A paid
 * instalment carries its payment (issue 10 §7), joined in the same query: at most one payment per instalment.
 */
export async function listInstalments({
  db,
  actor,
  contractId,
}: {
  db: Db;
  actor: SessionUser;
  contractId: number;
}) {
  const contract = await reachableRequest({ db, actor, id: contractId });
  const rows = await preparedQuery(db, 'cuotas_de_contrato', () =>
    db
      .select({ cuota: cuotas, pago: pagos })
      .from(cuotas)
      // Issue 14 §3: a rejected payment paid nothing; the one that stands, if any, is the instalment's. The word is
      // written into the statement, as the predicate of the index that finds it (pagos_cuota_key) says it: with a
      // parameter, the generic plan read every payment (decision 052).
      .leftJoin(
        pagos,
        and(eq(pagos.cuotaId, cuotas.id), sql`${pagos.estadoVerificacion} <> ${codeWords(['rechazado'])}`),
      )
      .where(eq(cuotas.solicitudId, sql.placeholder('contrato')))
      .orderBy(asc(cuotas.numero)),
  ).execute({ contrato: contractId });
  const unpaid = rows.filter((row) => row.cuota.estadoPago !== 'pagado');
  return {
    cuotas: rows.map(({ cuota, pago }) => ({
      id: cuota.id,
      contrato_id: contract.id,
      numero: cuota.numero,
      numero_contrato: contract.numeroContrato,
      tipo_servicio: contract.tipoServicio,
      cuotas: Number(cuota.monto),
      monto: Number(cuota.monto),
      fecha_vencimiento: cuota.fechaVencimiento,
      estado_pago: cuota.estadoPago,
      fecha_pago: cuota.fechaPago?.toISOString() ?? null,
      precioFinanciado: Number(contract.montoTotal),
      pago: pago ? toInstalmentPayment(pago) : null,
    })),
    cuotas_pagadas: rows.length - unpaid.length,
    cuotas_pendientes: unpaid.length,
    total_pendiente: fromCents(unpaid.reduce((total, row) => total + toCents(row.cuota.monto), 0)),
  };
}

/** DESIGN §5 / issue: a receipt is served to the seller who owns the payment, their supervisor and admins. */
export async function paymentReceipt({
  db,
  actor,
  paymentId,
  which,
}: {
  db: Db;
  actor: SessionUser;
  paymentId: number;
  which: 'usd' | 'ves';
}) {
  const [payment] = await db.select().from(pagos).where(eq(pagos.id, paymentId));
  if (!payment) throw notFound(PAYMENT_MESSAGES.comprobanteNoEncontrado);
  await reachableRequest({ db, actor, id: payment.solicitudId });
  const fileId = which === 'usd' ? payment.comprobanteUsdId : payment.comprobanteVesId;
  if (!fileId) throw notFound(PAYMENT_MESSAGES.comprobanteNoEncontrado);
  const [file] = await db.select().from(archivos).where(eq(archivos.id, fileId));
  if (!file) throw notFound(PAYMENT_MESSAGES.comprobanteNoEncontrado);
  return file;
}

/** The receipts of a request's payments, for the e-mail to administration. */
export async function receiptsOfRequest({ db, requestId }: { db: Db; requestId: number }) {
  const rows = await db
    .select()
    .from(pagos)
    .where(and(eq(pagos.solicitudId, requestId), ne(pagos.estadoVerificacion, 'rechazado')));
  const ids = rows
    .flatMap((row) => [row.comprobanteUsdId, row.comprobanteVesId])
    .filter((id): id is string => id !== null);
  return ids.length ? db.select().from(archivos).where(inArray(archivos.id, ids)) : [];
}
