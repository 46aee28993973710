import { and, eq, sql } from 'drizzle-orm';
import { normalizeNicheCode, normalizePlotCode, PLOT_CODE_ERROR, REQUEST_MESSAGES } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { nichosColumbario, parcelas, reservas } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';

type Holder = { solicitudId: number; detalleId: number };

/**
 * DESIGN §4.5: one seat is taken by a conditional update, so of concurrent requests for the last seat
 * exactly one changes the row; the others find no free seat and get 409.
 */
export async function reservePlotSeat(tx: Db, rawCode: string, holder: Holder): Promise<number> {
  const codigo = normalizePlotCode(rawCode);
  if (!codigo) throw badRequest(PLOT_CODE_ERROR);
  const [taken] = await tx
    .update(parcelas)
    .set({
      disponible: sql`${parcelas.disponible} - 1`,
      reservadas: sql`${parcelas.reservadas} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(parcelas.codigo, codigo), sql`${parcelas.disponible} >= 1`))
    .returning({ id: parcelas.id });
  if (!taken) {
    const [exists] = await tx.select({ id: parcelas.id }).from(parcelas).where(eq(parcelas.codigo, codigo));
    if (!exists) throw notFound(REQUEST_MESSAGES.parcelaNoEncontrada(codigo));
    throw conflict(REQUEST_MESSAGES.parcelaSinPuestos(codigo));
  }
  await tx.insert(reservas).values({ ...holder, parcelaId: taken.id, puestos: 1 });
  return taken.id;
}

/** A niche goes disponible → reservado in one conditional update (SPEC §4: the detail records reservado). */
export async function reserveNiche(tx: Db, rawCode: string, holder: Holder): Promise<number> {
  const codigo = normalizeNicheCode(rawCode);
  const [taken] = await tx
    .update(nichosColumbario)
    .set({ estado: 'reservado', updatedAt: new Date() })
    .where(
      and(
        eq(nichosColumbario.codigo, codigo),
        eq(nichosColumbario.estado, 'disponible'),
        sql`${nichosColumbario.cantidadNichos} > 0`,
      ),
    )
    .returning({ id: nichosColumbario.id });
  if (!taken) {
    const [niche] = await tx
      .select({ estado: nichosColumbario.estado, cantidad: nichosColumbario.cantidadNichos })
      .from(nichosColumbario)
      .where(eq(nichosColumbario.codigo, codigo));
    if (!niche) throw notFound(REQUEST_MESSAGES.nichoNoEncontrado);
    if (niche.estado === 'ocupado' || niche.estado === 'vendido')
      throw conflict(REQUEST_MESSAGES.nichoOcupado);
    if (niche.estado === 'reservado') throw conflict(REQUEST_MESSAGES.nichoReservado(codigo));
    throw conflict(REQUEST_MESSAGES.nichoSinDisponibilidad);
  }
  try {
    await tx.insert(reservas).values({ ...holder, nichoId: taken.id, puestos: 1 });
  } catch (error) {
    // The partial unique index is the last guard against a niche held twice.
    if (isUniqueViolation(error, 'reservas_nicho_activa_key'))
      throw conflict(REQUEST_MESSAGES.nichoReservado(codigo));
    throw error;
  }
  return taken.id;
}
