import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  formatCsvAmount,
  formatUsd,
  hasNothingDueNow,
  normalizeReference,
  paymentConcept,
  requestPaymentState,
  toCents,
  VERIFICATION_MESSAGES,
  VERIFICATION_STATE_LABELS,
  type CsvCell,
  type VerificationDecision,
  type VerificationItem,
  type VerificationListQuery,
  type VerificationReceipt,
  type VerificationState,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  archivos,
  clientes,
  cuotas,
  pagos,
  solicitudDetalles,
  solicitudes,
  usuarios,
  vendedores,
} from '../../db/schema';
import type { SessionUser } from '../../lib/actor';
import { conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { businessDate } from '../../lib/business-time';
import { orderOf, searchable, type SortedList } from '../../lib/list-tools';
import type { Mailer } from '../../lib/mailer';
import { clientOrContractSearch, withinBusinessDays } from '../pagos/list-search';
import { rejectionEmail } from './template';

// Issue 14 §3 (docs/decisions/023-payment-verification.md): the queue of reported payments, the decision on each,
// and the 'referencia repetida' warning.

type Logger = { error: (object: object, message: string) => void };

const usdReceipt = alias(archivos, 'comprobante_usd');
const vesReceipt = alias(archivos, 'comprobante_ves');
const decider = alias(usuarios, 'verificador');

/**
 * 'Referencia repetida': another payment, not rejected, with the same issuing bank and reference, both trimmed and
 * compared without case, as pagos_referencia_idx keys them (migration 0007): one index probe per key asked about.
 */
function sameReference(bank: SQL, reference: SQL): SQL {
  return sql`exists (select 1 from ${pagos} as otro_pago
    where otro_pago.referencia is not null
      and otro_pago.estado_verificacion <> 'rechazado'
      and lower(btrim(otro_pago.banco_emisor)) = ${bank}
      and lower(btrim(otro_pago.referencia)) = ${reference})`;
}

/** The ids, among `ids`, of the payments whose bank and reference another payment that stands also used. */
async function repeatedAmong(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute(sql`
    with claves as materialized (
      select ${pagos.id} as id, lower(btrim(${pagos.bancoEmisor})) as banco,
        lower(btrim(${pagos.referencia})) as referencia
      from ${pagos}
      where ${inArray(pagos.id, ids)} and ${pagos.referencia} is not null and ${pagos.bancoEmisor} is not null
    )
    select distinct claves.id from claves join ${pagos} as otro_pago
      on lower(btrim(otro_pago.banco_emisor)) = claves.banco
      and lower(btrim(otro_pago.referencia)) = claves.referencia
      and otro_pago.id <> claves.id
    where otro_pago.referencia is not null and otro_pago.estado_verificacion <> 'rechazado'`);
  return new Set(rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
}

function selectItems(db: Db) {
  return db
    .select({
      payment: pagos,
      request: {
        numeroSolicitud: solicitudes.numeroSolicitud,
        numeroContrato: solicitudes.numeroContrato,
      },
      cliente: clientes.nombre,
      vendedor: vendedores.nombre,
      cuotaNumero: cuotas.numero,
      verificador: decider.username,
      usd: { id: usdReceipt.id, nombre: usdReceipt.nombreOriginal, mime: usdReceipt.tipoMime },
      ves: { id: vesReceipt.id, nombre: vesReceipt.nombreOriginal, mime: vesReceipt.tipoMime },
    })
    .from(pagos)
    .innerJoin(solicitudes, eq(solicitudes.id, pagos.solicitudId))
    .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
    .innerJoin(vendedores, eq(vendedores.id, pagos.vendedorId))
    .leftJoin(cuotas, eq(cuotas.id, pagos.cuotaId))
    .leftJoin(decider, eq(decider.id, pagos.verificadoPor))
    .leftJoin(usdReceipt, eq(usdReceipt.id, pagos.comprobanteUsdId))
    .leftJoin(vesReceipt, eq(vesReceipt.id, pagos.comprobanteVesId));
}

export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['where']>>[number];

const amount = (value: string | null) => (value === null ? 0 : Number(value));

function toItem(row: ItemRow, repeated: ReadonlySet<number>): VerificationItem {
  const { payment } = row;
  const facts = {
    tipo: payment.tipo,
    nro_cuota: payment.tipo === 'cuota' ? (row.cuotaNumero ?? null) : null,
    numero_solicitud: row.request.numeroSolicitud,
    numero_contrato: row.request.numeroContrato,
  };
  const receipts: VerificationReceipt[] = [];
  if (row.usd?.id)
    receipts.push({ moneda: 'usd', archivo_id: row.usd.id, tipo_mime: row.usd.mime, nombre: row.usd.nombre });
  if (row.ves?.id)
    receipts.push({ moneda: 'ves', archivo_id: row.ves.id, tipo_mime: row.ves.mime, nombre: row.ves.nombre });
  return {
    id: payment.id,
    ...facts,
    concepto: paymentConcept(facts),
    solicitud_id: payment.solicitudId,
    cliente: row.cliente,
    vendedor_id: payment.vendedorId,
    vendedor: row.vendedor,
    metodo_pago: payment.metodoPago,
    metodo_ves: payment.metodoVes,
    divisas: amount(payment.divisas),
    bolivares: amount(payment.bolivares),
    dollar_price: payment.dollarPrice === null ? null : Number(payment.dollarPrice),
    monto_pagado: amount(payment.montoPagado),
    banco_emisor: payment.bancoEmisor,
    banco_receptor: payment.bancoReceptor,
    referencia: payment.referencia,
    observaciones: payment.observaciones,
    fecha_pago: payment.fechaPago.toISOString(),
    estado_verificacion: payment.estadoVerificacion as VerificationState,
    motivo_rechazo: payment.motivoRechazo,
    verificado_por: row.verificador ?? null,
    fecha_verificacion: payment.fechaVerificacion?.toISOString() ?? null,
    comprobantes: receipts,
    referencia_repetida: repeated.has(payment.id),
  };
}

/**
 * GET /api/v1/admin/verificacion-pagos: the payments in a state, read by pagos_verificacion_idx, searched (client,
 * number, reference), filtered (currency, seller, dates) and in the order asked for (issue 15). Without an order,
 * the queue (por_verificar) is oldest first, the order it is worked in; the decided ones and 'todos' newest first.
 */
export function verificationList({
  db,
  query,
}: {
  db: Db;
  query: VerificationListQuery;
}): SortedList<ItemRow> {
  const where = and(
    query.estado === 'todos' ? undefined : eq(pagos.estadoVerificacion, query.estado),
    clientOrContractSearch(query.q, [searchable(pagos.referencia)]),
    query.moneda === 'usd' ? sql`${pagos.divisas} > 0` : undefined,
    query.moneda === 'ves' ? sql`${pagos.bolivares} > 0` : undefined,
    query.vendedor_id === undefined ? undefined : eq(pagos.vendedorId, query.vendedor_id),
    ...withinBusinessDays(pagos.fechaPago, query.desde, query.hasta),
  );
  const order = orderOf(
    query.orden,
    {
      fecha_pago: pagos.fechaPago,
      numero: sql`coalesce(${solicitudes.numeroContrato}, ${solicitudes.numeroSolicitud})`,
      cliente: sql`lower(${clientes.nombre})`,
      vendedor: sql`lower(${vendedores.nombre})`,
      monto_pagado: pagos.montoPagado,
    },
    pagos.id,
    query.estado === 'por_verificar'
      ? [asc(pagos.fechaPago), asc(pagos.id)]
      : [desc(pagos.fechaPago), desc(pagos.id)],
  );
  // Only a search reads the client and the request: without one the count stays on the payments' index.
  const counted = query.q
    ? db
        .select({ total: count() })
        .from(pagos)
        .innerJoin(solicitudes, eq(solicitudes.id, pagos.solicitudId))
        .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
    : db.select({ total: count() }).from(pagos);
  return {
    count: async () => (await counted.where(where))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      selectItems(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  };
}

/** One page of the verification list, each payment with its repeated-reference warning. */
export async function listVerificationQueue({ db, query }: { db: Db; query: VerificationListQuery }) {
  const list = verificationList({ db, query });
  const window = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
  const [rows, total] = await Promise.all([list.rows(window), list.count()]);
  const repeated = await repeatedAmong(
    db,
    rows.map((row) => row.payment.id),
  );
  return { items: rows.map((row) => toItem(row, repeated)), total };
}

/** A row of the verification CSV: the screen's columns, amounts with the decimal comma (decision 032). */
export function verificationCsvRow(row: ItemRow): CsvCell[] {
  const item = toItem(row, new Set());
  return [
    item.numero_contrato ?? item.numero_solicitud,
    businessDate(row.payment.fechaPago),
    item.concepto,
    item.cliente,
    item.vendedor,
    formatCsvAmount(item.monto_pagado),
    formatCsvAmount(item.divisas),
    formatCsvAmount(item.bolivares),
    item.dollar_price === null ? '' : formatCsvAmount(item.dollar_price),
    item.banco_emisor ?? '',
    item.referencia ?? '',
    VERIFICATION_STATE_LABELS[item.estado_verificacion],
  ];
}

async function loadItem(db: Db, paymentId: number): Promise<VerificationItem> {
  const [row] = await selectItems(db).where(eq(pagos.id, paymentId));
  if (!row) throw notFound(VERIFICATION_MESSAGES.pagoNoEncontrado);
  return toItem(row, await repeatedAmong(db, [paymentId]));
}

/** GET /api/v1/pagos/referencia-repetida: whether a payment not rejected already used this bank and reference. */
export async function isReferenceRepeated({
  db,
  bancoEmisor,
  referencia,
}: {
  db: Db;
  bancoEmisor: string;
  referencia: string;
}): Promise<boolean> {
  const [row] = await db
    .select({
      repetida: sql<boolean>`${sameReference(
        sql`${normalizeReference(bancoEmisor)}`,
        sql`${normalizeReference(referencia)}`,
      )}`,
    })
    .from(sql`(select 1) as uno`);
  return Boolean(row?.repetida);
}

/**
 * POST /api/v1/admin/pagos/{id}/verificar. In one transaction, with the payment, its instalment and its request
 * locked in that order (the order payInstalment takes them): a payment still por_verificar is verified (who and
 * when) or rejected, and a rejection undoes what the payment did: the instalment goes back to pendiente (vencido
 * past its due date) without its fecha_pago, the request's estado_pago is computed again from what still stands
 * (requestPaymentState), and the summaries follow by trigger. A decided payment is a 409: of concurrent
 * decisions exactly one wins. The seller is told of a rejection by e-mail after the commit; a mail failure is
 * logged and audited, and the decision stands.
 */
export async function decidePayment({
  db,
  actor,
  mailer,
  log,
  paymentId,
  decision,
}: {
  db: Db;
  actor: SessionUser;
  mailer: Mailer;
  log: Logger;
  paymentId: number;
  decision: VerificationDecision;
}) {
  const outcome = await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(pagos).where(eq(pagos.id, paymentId)).for('update');
    if (!payment) throw notFound(VERIFICATION_MESSAGES.pagoNoEncontrado);
    if (payment.estadoVerificacion === 'verificado') throw conflict(VERIFICATION_MESSAGES.yaVerificado);
    if (payment.estadoVerificacion === 'rechazado') throw conflict(VERIFICATION_MESSAGES.yaRechazado);
    const now = new Date();
    // The contract before its instalment, as every payment takes them: a rejection and a payment of the same
    // contract wait for each other instead of deadlocking.
    const [request] = await tx
      .select()
      .from(solicitudes)
      .where(eq(solicitudes.id, payment.solicitudId))
      .for('update');
    const [instalment] = payment.cuotaId
      ? await tx.select().from(cuotas).where(eq(cuotas.id, payment.cuotaId)).for('update')
      : [];
    const concept = paymentConcept({
      tipo: payment.tipo,
      nro_cuota: instalment?.numero ?? null,
      numero_solicitud: request!.numeroSolicitud,
      numero_contrato: request!.numeroContrato,
    });

    if (decision.decision === 'verificado') {
      await tx
        .update(pagos)
        .set({ estadoVerificacion: 'verificado', verificadoPor: actor.id, fechaVerificacion: now })
        .where(eq(pagos.id, payment.id));
      await audit(tx, actor, {
        accion: 'verificar_pago',
        descripcion: `${concept}: pago de ${formatUsd(Number(payment.montoPagado))} verificado`,
        entidad: 'pago',
        entidadId: payment.id,
      });
      return { concept, rejected: false as const };
    }

    await tx
      .update(pagos)
      .set({
        estadoVerificacion: 'rechazado',
        motivoRechazo: decision.motivo,
        verificadoPor: actor.id,
        fechaVerificacion: now,
      })
      .where(eq(pagos.id, payment.id));
    let instalmentState: string | null = null;
    if (instalment && instalment.estadoPago === 'pagado') {
      instalmentState = instalment.fechaVencimiento < businessDate(now) ? 'vencido' : 'pendiente';
      await tx
        .update(cuotas)
        .set({ estadoPago: instalmentState, fechaPago: null })
        .where(eq(cuotas.id, instalment.id));
    }
    const [lines, schedule, [standing]] = await Promise.all([
      tx
        .select({ pagoInicial: solicitudDetalles.pagoInicial })
        .from(solicitudDetalles)
        .where(eq(solicitudDetalles.solicitudId, request!.id)),
      tx.select({ estado: cuotas.estadoPago }).from(cuotas).where(eq(cuotas.solicitudId, request!.id)),
      tx
        .select({ n: count() })
        .from(pagos)
        .where(
          and(
            eq(pagos.solicitudId, request!.id),
            inArray(pagos.tipo, ['inicial', 'contado']),
            ne(pagos.estadoVerificacion, 'rechazado'),
          ),
        ),
    ]);
    const estadoPago = requestPaymentState({
      modalidadPago: request!.modalidadPago,
      hasRequestPayment: (standing?.n ?? 0) > 0,
      nothingDueNow: hasNothingDueNow({
        modalidadPago: request!.modalidadPago,
        detalles: lines.map((line) => ({ pagoInicial: toCents(line.pagoInicial) })),
      }),
      instalments: schedule.map((row) => row.estado),
    });
    if (estadoPago !== request!.estadoPago) {
      await tx.update(solicitudes).set({ estadoPago, updatedAt: now }).where(eq(solicitudes.id, request!.id));
      await tx
        .update(solicitudDetalles)
        .set({ estadoPago })
        .where(eq(solicitudDetalles.solicitudId, request!.id));
    }
    const undone = [
      instalmentState ? `cuota #${instalment!.numero} vuelve a ${instalmentState}` : null,
      estadoPago !== request!.estadoPago
        ? `${request!.numeroContrato ? 'contrato' : 'solicitud'} de ${request!.estadoPago} a ${estadoPago}`
        : null,
    ].filter(Boolean);
    await audit(tx, actor, {
      accion: 'rechazar_pago',
      descripcion: `${concept}: pago de ${formatUsd(Number(payment.montoPagado))} rechazado (${decision.motivo})${
        undone.length ? `; ${undone.join('; ')}` : ''
      }`,
      entidad: 'pago',
      entidadId: payment.id,
    });
    return { concept, rejected: true as const, vendedorId: payment.vendedorId, request: request! };
  });

  if (outcome.rejected) {
    await notifySeller({
      db,
      actor,
      mailer,
      log,
      paymentId,
      concept: outcome.concept,
      motivo: decision.motivo!,
    });
  }
  return {
    mensaje: outcome.rejected ? VERIFICATION_MESSAGES.pagoRechazado : VERIFICATION_MESSAGES.pagoVerificado,
    pago: await loadItem(db, paymentId),
  };
}

/** The rejection e-mail to the payment's seller; a failure is logged and audited, never undoes the decision. */
async function notifySeller(args: {
  db: Db;
  actor: SessionUser;
  mailer: Mailer;
  log: Logger;
  paymentId: number;
  concept: string;
  motivo: string;
}) {
  const item = await loadItem(args.db, args.paymentId);
  const [seller] = await args.db
    .select({ nombre: vendedores.nombre, email: vendedores.email })
    .from(vendedores)
    .where(eq(vendedores.id, item.vendedor_id));
  if (!seller?.email) return;
  try {
    await args.mailer.send({ to: seller.email, ...rejectionEmail(item, seller.nombre), attachments: [] });
  } catch (error) {
    args.log.error({ err: error, pagoId: args.paymentId }, 'No se pudo enviar el aviso de pago rechazado');
    await audit(args.db, args.actor, {
      accion: 'aviso_rechazo_fallido',
      descripcion: `${args.concept}: no se pudo enviar al vendedor (${seller.email}) el aviso del rechazo`,
      entidad: 'pago',
      entidadId: args.paymentId,
    });
  }
}
