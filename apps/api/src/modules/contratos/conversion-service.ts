import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CONTRACT_MESSAGES,
  formatContractNumber,
  instalmentSchedule,
  toCents,
  centsToDecimal,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import {
  cuotas,
  nichosColumbario,
  parcelas,
  reservas,
  solicitudDetalles,
  solicitudes,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';
import { addMonths, businessDate } from '../../lib/business-time';
import { nextSequence } from '../solicitudes/numbering';

/**
 * SPEC §7 POST /api/v1/admin/convertir-contrato. In one transaction: the request (locked) gets the next
 * contract number, its reserved seats and niches become sold, and a financed request gets its instalment
 * schedule (DESIGN §4.7). Converting twice, or an expired request, is a 409.
 */
export async function convertRequestToContract({
  db,
  requestId,
  actor,
  now = new Date(),
}: {
  db: Db;
  requestId: number;
  actor: Actor;
  now?: Date;
}) {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(solicitudes).where(eq(solicitudes.id, requestId)).for('update');
    if (!request) throw notFound(CONTRACT_MESSAGES.noEncontrada);
    if (request.estado === 'contrato') throw conflict(CONTRACT_MESSAGES.yaConvertida);
    const isOverdue = request.estadoPago === 'pendiente' && request.fechaVencimiento < now;
    if (request.estado === 'caducada' || isOverdue) throw conflict(CONTRACT_MESSAGES.caducada);

    const numero = formatContractNumber(
      request.tipoServicio,
      await nextSequence(tx, `contrato:${request.tipoServicio === 'previsivo' ? 'PRV' : 'CON'}`),
    );
    const [contract] = await tx
      .update(solicitudes)
      .set({ estado: 'contrato', numeroContrato: numero, fechaConversion: now, updatedAt: now })
      .where(eq(solicitudes.id, requestId))
      .returning();

    await sellReservations(tx, requestId);
    const instalments = request.modalidadPago === 'Financiado' ? await createSchedule(tx, requestId, now) : 0;
    await audit(tx, actor, {
      accion: 'convertir_contrato',
      descripcion: `Solicitud ${request.numeroSolicitud} convertida en el contrato ${numero}${
        instalments ? ` con ${instalments} cuota(s)` : ''
      }`,
      entidad: 'solicitud',
      entidadId: requestId,
    });
    return contract!;
  });
}

async function sellReservations(tx: Db, requestId: number) {
  const held = await tx
    .update(reservas)
    .set({ estado: 'vendida' })
    .where(and(eq(reservas.solicitudId, requestId), eq(reservas.estado, 'activa')))
    .returning({ parcelaId: reservas.parcelaId, nichoId: reservas.nichoId, puestos: reservas.puestos });
  for (const seat of held) {
    if (seat.parcelaId !== null) {
      await tx
        .update(parcelas)
        .set({
          reservadas: sql`${parcelas.reservadas} - ${seat.puestos}`,
          vendidas: sql`${parcelas.vendidas} + ${seat.puestos}`,
          updatedAt: new Date(),
        })
        .where(eq(parcelas.id, seat.parcelaId));
    }
  }
  const niches = held.flatMap((seat) => (seat.nichoId === null ? [] : [seat.nichoId]));
  if (niches.length) {
    await tx
      .update(nichosColumbario)
      .set({ estado: 'vendido', updatedAt: new Date() })
      .where(inArray(nichosColumbario.id, niches));
  }
}

/**
 * DESIGN §4.7: cuotas − 1 monthly instalments (one when cuotas = 1) of each financed line's balance,
 * the first one month after conversion; lines with the same month add up into one instalment.
 */
async function createSchedule(tx: Db, requestId: number, now: Date): Promise<number> {
  const lines = await tx.select().from(solicitudDetalles).where(eq(solicitudDetalles.solicitudId, requestId));
  const byMonth: number[] = [];
  for (const line of lines) {
    if (line.modalidadPago !== 'Financiado' || line.cuotas < 1) continue;
    const balance = toCents(line.precioTotal) - toCents(line.pagoInicial);
    // An initial payment that covers the whole price leaves nothing to pay in instalments.
    if (balance <= 0) continue;
    instalmentSchedule(balance, line.cuotas).forEach((amount, index) => {
      byMonth[index] = (byMonth[index] ?? 0) + amount;
    });
  }
  if (byMonth.length === 0) return 0;
  const start = businessDate(now);
  await tx.insert(cuotas).values(
    byMonth.map((amount, index) => ({
      solicitudId: requestId,
      numero: index + 1,
      monto: centsToDecimal(amount),
      fechaVencimiento: addMonths(start, index + 1),
    })),
  );
  return byMonth.length;
}
