import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { CONTRACT_MESSAGES } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { reservas, solicitudes } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { audit, type Actor } from '../../lib/audit';
import { loadRequests } from './request-dto';

const newestFirst = [desc(solicitudes.fechaCreacion), desc(solicitudes.id)];

/** SPEC §2 screen 4: requests to convert (and those converted), 1-based pages. */
export async function listRequestsToConvert(db: Db, { page, perPage }: { page: number; perPage: number }) {
  const where = inArray(solicitudes.estado, ['solicitud', 'contrato']);
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    loadRequests(db, { where, orderBy: newestFirst, limit: perPage, offset: (page - 1) * perPage }),
    db.select({ total: count() }).from(solicitudes).where(where),
  ]);
  return { items, total, page, per_page: perPage };
}

/** SPEC §2 screen 5: contracts, newest conversion first. */
export function listActiveContracts(db: Db, { skip, limit }: { skip: number; limit: number }) {
  return loadRequests(db, {
    where: eq(solicitudes.estado, 'contrato'),
    orderBy: [desc(solicitudes.fechaConversion), desc(solicitudes.id)],
    limit,
    offset: skip,
  });
}

/** SPEC §2 screen 6 and §7: {data, total_solicitudes, message}. */
export async function listExpiredRequests(db: Db, { skip, limit }: { skip: number; limit: number }) {
  const where = eq(solicitudes.estado, 'caducada');
  const [data, [{ total } = { total: 0 }]] = await Promise.all([
    loadRequests(db, {
      where,
      orderBy: [desc(solicitudes.fechaVencimiento), desc(solicitudes.id)],
      limit,
      offset: skip,
    }),
    db.select({ total: count() }).from(solicitudes).where(where),
  ]);
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
