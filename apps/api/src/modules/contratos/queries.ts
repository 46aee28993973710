import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CONTRACT_MESSAGES, type Modalidad } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { reservas, resumenSolicitudes, solicitudes } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { audit, type Actor } from '../../lib/audit';
import { loadRequests } from './request-dto';

type Estado = (typeof solicitudes.$inferSelect)['estado'];

/**
 * How many requests are in these states (of one modality, or both), from the counters the database keeps in the
 * transaction of every change (decision 016): a list's total without `count(*)` over its whole filter.
 */
export async function countRequests(db: Db, estados: Estado[], modalidad?: Modalidad): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${resumenSolicitudes.cantidad}), 0)::int` })
    .from(resumenSolicitudes)
    .where(
      and(
        inArray(resumenSolicitudes.estado, estados),
        modalidad ? eq(resumenSolicitudes.modalidadPago, modalidad) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/**
 * The ids of one page of `total` rows ordered by `key` descending then id descending, read from the index that
 * matches the filter (an index-only scan that skips `offset` entries). A page past the middle is read from the
 * other end, backwards, so the deepest page costs what the middle one does, never a walk over the whole list.
 */
export async function pageOfIds(
  db: Db,
  args: { where: SQL | undefined; key: PgColumn; total: number; offset: number; limit: number },
): Promise<number[]> {
  const { where, key, total, offset, limit } = args;
  if (limit <= 0 || offset >= total) return [];
  const query = db.select({ id: solicitudes.id }).from(solicitudes).where(where);
  if (offset + limit / 2 <= total / 2) {
    const rows = await query.orderBy(desc(key), desc(solicitudes.id)).limit(limit).offset(offset);
    return rows.map((row) => row.id);
  }
  // The same rows seen from the end: the last `total − offset − limit` are skipped, at most `limit` kept.
  const fromEnd = total - offset - limit;
  const rows = await query
    .orderBy(asc(key), asc(solicitudes.id))
    .limit(fromEnd < 0 ? limit + fromEnd : limit)
    .offset(Math.max(fromEnd, 0));
  return rows.map((row) => row.id).reverse();
}

/** A page of requests with their lines: the ids from the index, then the rows of those ids only. */
async function requestPage(
  db: Db,
  args: { where: SQL; key: PgColumn; total: number; offset: number; limit: number },
) {
  const ids = await pageOfIds(db, args);
  if (ids.length === 0) return [];
  return loadRequests(db, {
    where: inArray(solicitudes.id, ids),
    orderBy: [desc(args.key), desc(solicitudes.id)],
  });
}

/** SPEC §2 screen 4: requests to convert (and those converted), 1-based pages. */
export async function listRequestsToConvert(db: Db, { page, perPage }: { page: number; perPage: number }) {
  const total = await countRequests(db, ['solicitud', 'contrato']);
  const items = await requestPage(db, {
    where: inArray(solicitudes.estado, ['solicitud', 'contrato']),
    key: solicitudes.fechaCreacion,
    total,
    offset: (page - 1) * perPage,
    limit: perPage,
  });
  return { items, total, page, per_page: perPage };
}

/** SPEC §2 screen 5: contracts, newest conversion first. */
export async function listActiveContracts(db: Db, { skip, limit }: { skip: number; limit: number }) {
  return requestPage(db, {
    where: eq(solicitudes.estado, 'contrato'),
    key: solicitudes.fechaConversion,
    total: await countRequests(db, ['contrato']),
    offset: skip,
    limit,
  });
}

/** SPEC §2 screen 6 and §7: {data, total_solicitudes, message}. */
export async function listExpiredRequests(db: Db, { skip, limit }: { skip: number; limit: number }) {
  const total = await countRequests(db, ['caducada']);
  const data = await requestPage(db, {
    where: eq(solicitudes.estado, 'caducada'),
    key: solicitudes.fechaVencimiento,
    total,
    offset: skip,
    limit,
  });
  return {
    data,
    total_solicitudes: total,
    message: total ? CONTRACT_MESSAGES.caducadasListadas : CONTRACT_MESSAGES.sinCaducadas,
  };
}

/** Deleting an expired request removes it with its lines (its seats were given back when it expired). */
export async function deleteExpiredRequest({ db, id, actor }: { db: Db; id: number; actor: Actor }) {
  await db.transaction(async (tx) => {
    const [request] = await tx.select().from(solicitudes).where(eq(solicitudes.id, id)).for('update');
    if (!request) throw notFound(CONTRACT_MESSAGES.noEncontrada);
    if (request.estado !== 'caducada') throw conflict(CONTRACT_MESSAGES.soloCaducadas);
    const [held] = await tx
      .select({ total: count() })
      .from(reservas)
      .where(and(eq(reservas.solicitudId, id), eq(reservas.estado, 'activa')));
    if (held && held.total > 0) throw conflict(CONTRACT_MESSAGES.soloCaducadas);
    await tx.delete(solicitudes).where(eq(solicitudes.id, id));
    await audit(tx, actor, {
      accion: 'eliminar_solicitud_caducada',
      descripcion: `Solicitud caducada ${request.numeroSolicitud} (${request.tipoServicio}) eliminada`,
      entidad: 'solicitud',
      entidadId: id,
    });
  });
}

/** SPEC §7 GET /api/v1/admin/contratos-de-contado: every contract; the screens filter by modality. */
export function listContractHistory(db: Db) {
  return loadRequests(db, {
    where: eq(solicitudes.estado, 'contrato'),
    orderBy: [desc(solicitudes.fechaConversion), desc(solicitudes.id)],
  });
}
