import { asc, eq, sql } from 'drizzle-orm';
import {
  BANCOS_EMISORES,
  fromCents,
  instalmentPaymentFieldsSchema,
  requestPaymentFieldsSchema,
  toBolivares,
  toCents,
  type InstalmentPaymentType,
  type MetodoPago,
} from '@camposanto/domain';
import { rowsOf } from '../../db/rows';
import { cuotas, pagos } from '../../db/schema';
import type { SessionUser } from '../../lib/actor';
import { businessDayStart } from '../../lib/business-time';
import type { UploadedFile } from '../../lib/multipart';
import { payInstalment } from '../../modules/pagos/instalments-service';
import { reportRequestPayment } from '../../modules/pagos/request-payment-service';
import { decidePayment } from '../../modules/verificacion-pagos/service';
import {
  demoUpload,
  discard,
  happenedAt,
  officeTime,
  officeTimeAfter,
  rateAt,
  type DemoContext,
} from './context';
import { receiptPng, textPdf } from './images';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A receipt as the seller photographs or downloads it: mostly pictures, now and then the bank's PDF. */
async function receipt(ctx: DemoContext, field: string, label: string): Promise<UploadedFile> {
  if (ctx.random.chance(0.2)) {
    return demoUpload(
      ctx,
      field,
      `comprobante-${label}.pdf`,
      textPdf(['Comprobante de pago', `Operacion ${label}`, 'Camposanto C.A. - datos de demostracion']),
    );
  }
  return demoUpload(ctx, field, `comprobante-${label}.png`, receiptPng(ctx.random.int(0, 99)));
}

function bankData(ctx: DemoContext) {
  return { banco_emisor: ctx.random.pick(BANCOS_EMISORES), referencia: ctx.random.digits(10) };
}

/** Dates a payment (and the instalment it paid) at the moment of the story it was made. */
async function datePayment(ctx: DemoContext, paymentId: number, instant: Date) {
  const [payment] = await ctx.db
    .update(pagos)
    .set({ fechaPago: instant, createdAt: instant })
    .where(eq(pagos.id, paymentId))
    .returning({ cuotaId: pagos.cuotaId });
  if (payment?.cuotaId) {
    await ctx.db.update(cuotas).set({ fechaPago: instant }).where(eq(cuotas.id, payment.cuotaId));
  }
}

/** The initial (financed) or whole (cash) payment of a request, reported by its seller through the service. */
export async function payRequest(
  ctx: DemoContext,
  args: { seller: SessionUser; requestId: number; metodo: MetodoPago; instant: Date },
) {
  const files = [
    await receipt(ctx, args.metodo === 'USD' ? 'comprobante_usd' : 'comprobante_ves', `S${args.requestId}`),
  ];
  try {
    const { payment } = await happenedAt(ctx, args.instant, () =>
      reportRequestPayment({
        db: ctx.db,
        storage: ctx.storage,
        actor: args.seller,
        fields: requestPaymentFieldsSchema.parse({
          solicitud_id: args.requestId,
          metodoPago: args.metodo,
          ...(args.metodo === 'VES' ? bankData(ctx) : {}),
        }),
        files,
        rate: rateAt(ctx, args.instant),
      }),
    );
    await datePayment(ctx, payment.id, args.instant);
  } finally {
    await discard(files);
  }
}

/**
 * The instalments of a financed contract, each paid around its due date (a few days early, sometimes late) in
 * dollars, bolívares or both, until today; a contract in arrears stops paying at `stopAt` (its later instalments
 * become vencido when the jobs catch up). Returns how many were paid.
 */
export async function payInstalments(
  ctx: DemoContext,
  args: { seller: SessionUser; contractId: number; stopAt: number | undefined },
): Promise<number> {
  const schedule = await ctx.db
    .select()
    .from(cuotas)
    .where(eq(cuotas.solicitudId, args.contractId))
    .orderBy(asc(cuotas.numero));
  let paid = 0;
  for (const [index, cuota] of schedule.entries()) {
    if (args.stopAt !== undefined && index >= args.stopAt) break;
    const late = ctx.random.chance(0.15);
    const shift = late ? ctx.random.int(3, 20) : -ctx.random.int(0, 6);
    const day = new Date(
      businessDayStart(cuota.fechaVencimiento).getTime() + shift * DAY_MS + 12 * 3_600_000,
    );
    if (day >= ctx.now) break;
    const instant = officeTime(ctx, day.toISOString().slice(0, 10));
    await payOneInstalment(ctx, {
      seller: args.seller,
      cuotaId: cuota.id,
      due: toCents(cuota.monto),
      instant,
    });
    paid += 1;
  }
  return paid;
}

async function payOneInstalment(
  ctx: DemoContext,
  args: { seller: SessionUser; cuotaId: number; due: number; instant: Date },
) {
  const rate = rateAt(ctx, args.instant);
  const tipo = ctx.random.weighted<InstalmentPaymentType>([
    ['USD', 50],
    ['VES', 32],
    ['Ambos', 18],
  ]);
  // Mixed: some whole dollars, the rest in bolívares at the day's rate (SPEC §9, within 0.01).
  const usd =
    tipo === 'USD'
      ? args.due
      : tipo === 'Ambos'
        ? Math.round((args.due * ctx.random.int(30, 70)) / 10_000) * 100
        : 0;
  const ves = tipo === 'USD' ? 0 : toBolivares(args.due - usd, rate);
  const label = `C${args.cuotaId}`;
  const files = [
    ...(tipo !== 'VES' ? [await receipt(ctx, 'comprobante_usd', `${label}-usd`)] : []),
    ...(tipo !== 'USD' ? [await receipt(ctx, 'comprobante_ves', `${label}-ves`)] : []),
  ];
  try {
    const { payment } = await happenedAt(ctx, args.instant, () =>
      payInstalment({
        db: ctx.db,
        storage: ctx.storage,
        actor: args.seller,
        fields: instalmentPaymentFieldsSchema.parse({
          cuota_id: args.cuotaId,
          metodo_pago: tipo,
          monto_usd: fromCents(usd),
          monto_ves: fromCents(ves),
          ...(tipo !== 'USD'
            ? { metodo_ves: ctx.random.chance(0.5) ? 'transferencia' : 'pago_movil', ...bankData(ctx) }
            : {}),
        }),
        files,
        rate,
      }),
    );
    await datePayment(ctx, payment.id, args.instant);
  } finally {
    await discard(files);
  }
}

const REJECTION = 'La referencia no aparece en el estado de cuenta del banco receptor.';

/**
 * Administración's checks (issue 14 §3): payments older than a week are verified one to three days after they
 * were reported, by the administrator or the assistant; the last week's wait in the queue. One instalment payment
 * of the last two months is rejected instead, which undoes it (its instalment is owed again).
 */
export async function verifyPayments(ctx: DemoContext): Promise<{ verificados: number; rechazados: number }> {
  const waiting = rowsOf<{ id: number; fecha_pago: string; cuota_id: number | null }>(
    await ctx.db.execute(sql`select id, fecha_pago::text, cuota_id from pagos
      where estado_verificacion = 'por_verificar' order by fecha_pago, id`),
  );
  const weekAgo = ctx.now.getTime() - 7 * DAY_MS;
  const toReject = [...waiting]
    .reverse()
    .find(
      (payment) =>
        payment.cuota_id !== null &&
        new Date(payment.fecha_pago).getTime() < ctx.now.getTime() - 12 * DAY_MS &&
        new Date(payment.fecha_pago).getTime() > ctx.now.getTime() - 60 * DAY_MS,
    );
  let verificados = 0;
  let rechazados = 0;
  for (const payment of waiting) {
    const paidAt = new Date(payment.fecha_pago).getTime();
    if (paidAt >= weekAgo) continue;
    const instant = officeTimeAfter(ctx, new Date(paidAt), 1, 3);
    const isRejected = payment === toReject;
    const actor = ctx.random.chance(0.6) ? ctx.staff.admin : ctx.staff.asistente;
    await happenedAt(ctx, instant, () =>
      decidePayment({
        db: ctx.db,
        actor,
        mailer: ctx.mailer,
        log: ctx.log,
        paymentId: payment.id,
        decision: isRejected
          ? { decision: 'rechazado', motivo: REJECTION }
          : { decision: 'verificado', motivo: null },
      }),
    );
    await ctx.db.update(pagos).set({ fechaVerificacion: instant }).where(eq(pagos.id, payment.id));
    if (isRejected) rechazados += 1;
    else verificados += 1;
  }
  return { verificados, rechazados };
}
