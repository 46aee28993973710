import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  CONTRACT_MESSAGES,
  type ConversionFilter,
  type Modalidad,
  type RequestDto,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { reservas, resumenPaginas, solicitudes } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { bucketOf, bucketsTotal } from '../../lib/page-map';
import { type Actor } from '../../lib/actor';
import { codeWords, preparedQuery } from '../../lib/prepared-once';
import { preparedRequests } from './request-dto';

type RequestState = (typeof solicitudes.$inferSelect)['estado'];

/**
 * The ids of one page of `total` rows ordered by `key` descending then id descending, read from the index that
 * matches the filter (an index-only scan that skips `offset` entries). A page past the middle is read from the
 * other end, backwards, so the deepest page costs what the middle one does, never a walk over the whole list.
 */
export async function pageOfIds({
  db,
  where,
  key,
  total,
  offset,
  limit,
}: {
  db: Db;
  where: SQL | undefined;
  key: PgColumn;
  total: number;
  offset: number;
  limit: number;
}): Promise<number[]> {
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

type DateField = 'fecha_creacion' | 'fecha_conversion' | 'fecha_vencimiento';
const KEYS: Record<DateField, PgColumn> = {
  fecha_creacion: solicitudes.fechaCreacion,
  fecha_conversion: solicitudes.fechaConversion,
  fecha_vencimiento: solicitudes.fechaVencimiento,
};

/** A list of the page map: its date, its states, its modality (or both). */
export type PageKind = { dateField: DateField; states: RequestState[]; modalidad?: Modalidad };

/**
 * Where a page starts in its list's index: below `end`, `offset` entries skipped; and where it certainly ends: at
 * or after `from`. Both are month edges of the page map, absent when the page starts among the undated rows.
 */
type PageStart = { offset: number; end?: string; from?: string };

/** A name for each statement of `kind`; a page among undated rows has another text, so another name. */
const nameOf = (prefix: string, kind: PageKind, isDated = true) =>
  [prefix, kind.dateField, ...kind.states, kind.modalidad ?? 'todas', isDated ? '' : 'sin_fecha']
    .filter(Boolean)
    .join('_');

/**
 * How many rows of a list fall in each month of its key, newest month first (the page map, decision 016), read
 * by a prepared statement per list kind (a dozen in all, lib/prepared-once.ts).
 */
function monthsOf(db: Db, { dateField, states, modalidad }: PageKind) {
  return preparedQuery(db, nameOf('meses', { dateField, states, modalidad }), () =>
    db
      .select({ mes: resumenPaginas.mes, cantidad: sql<number>`sum(${resumenPaginas.cantidad})::int` })
      .from(resumenPaginas)
      .where(
        and(
          eq(resumenPaginas.campo, dateField),
          inArray(resumenPaginas.estado, states),
          modalidad ? eq(resumenPaginas.modalidadPago, modalidad) : undefined,
        ),
      )
      .groupBy(resumenPaginas.mes)
      .orderBy(desc(resumenPaginas.mes)),
  ).execute();
}

/**
 * The ids of a page of `kind`, newest first; its place left as placeholders (`end`, `from`, `offset`, `limit`).
 * Bounded on both sides, a dated page reads between two month edges: so PostgreSQL's generic plan, which cannot
 * see the values, estimates a short range and keeps it after five pages, planning nothing more (0.4–0.8 ms of
 * its CPU per page at 100,000 contracts). Unbounded, it estimated a third of the index, and planned each page.
 */
function pageIdsQuery(db: Db, kind: PageKind, isDated: boolean) {
  const key = KEYS[kind.dateField];
  return db
    .select({ id: solicitudes.id })
    .from(solicitudes)
    .where(
      and(
        sql`${solicitudes.estado} in (${codeWords(kind.states)})`,
        kind.modalidad ? sql`${solicitudes.modalidadPago} = ${codeWords([kind.modalidad])}` : undefined,
        isDated ? lt(key, sql.placeholder('end')) : undefined,
        isDated ? gte(key, sql.placeholder('from')) : undefined,
      ),
    )
    .orderBy(desc(key), desc(solicitudes.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** The first instant of a month of the page map ('YYYY-MM-01', UTC as the map counts), `months` after it. */
function monthEdge(mes: string, months = 0): string {
  const edge = new Date(`${mes}T00:00:00Z`);
  edge.setUTCMonth(edge.getUTCMonth() + months);
  return edge.toISOString();
}

/**
 * The total of a list of `kind` and where its page at `offset` starts. The page map (decision 016) counts the rows
 * per month of `dateField`: the page starts in the month that holds its first row, so the index is entered at that
 * month's end and skips at most one month of entries, whatever the page; and it ends in the month of its last
 * row. No start past the last page. Undated rows ('infinity') sort first.
 */
export async function pageByMonths({
  db,
  offset,
  limit,
  ...kind
}: PageKind & { db: Db; offset: number; limit: number }): Promise<{ total: number; start?: PageStart }> {
  const months = await monthsOf(db, kind);
  const total = bucketsTotal(months);
  const first = limit > 0 ? bucketOf(months, offset) : undefined;
  if (!first) return { total };
  const start = { offset: offset - first.before };
  if (first.bucket.mes === 'infinity') return { total, start };
  const last = bucketOf(months, Math.min(offset + limit, total) - 1)!;
  return {
    total,
    start: { ...start, end: monthEdge(first.bucket.mes, 1), from: monthEdge(last.bucket.mes) },
  };
}

const valuesOf = (start: PageStart, limit: number) => ({ ...start, limit });

/** The ids of the page of `kind` that begins at `start` (pageByMonths), in the list's order. */
export async function idsOfPage(db: Db, kind: PageKind, start: PageStart, limit: number): Promise<number[]> {
  const isDated = start.end !== undefined;
  const statement = preparedQuery(db, nameOf('ids', kind, isDated), () => pageIdsQuery(db, kind, isDated));
  return (await statement.execute(valuesOf(start, limit))).map((row) => row.id);
}

/**
 * The requests, with their lines, of the page of `kind` that begins at `start`: the ids read from the index and
 * the rows of those ids only, one prepared statement. `= any(array(…))` runs the ids' read once, then looks each
 * up by primary key: with `in (…)` the planner may hash the ids and scan every request instead (it did at 4,000).
 */
async function requestsOfPage(
  db: Db,
  kind: PageKind,
  start: PageStart,
  limit: number,
): Promise<RequestDto[]> {
  const isDated = start.end !== undefined;
  const statement = preparedRequests(db, nameOf('pagina', kind, isDated), () => ({
    where: sql`${solicitudes.id} = any(array(${pageIdsQuery(db, kind, isDated)}))`,
    orderBy: [desc(KEYS[kind.dateField]), desc(solicitudes.id)],
  }));
  return statement.execute(valuesOf(start, limit));
}

/** A page of requests with their lines, and the list's total. */
async function requestPage(db: Db, args: PageKind & { offset: number; limit: number }) {
  const { start, total } = await pageByMonths({ db, ...args });
  const items = start ? await requestsOfPage(db, args, start, args.limit) : [];
  return { items, total };
}

/** The rows of a page of `kind` through the page map, for a list whose total comes from elsewhere. */
export async function contractsPage(db: Db, kind: PageKind, window: { offset: number; limit: number }) {
  return (await requestPage(db, { ...kind, ...window })).items;
}

/** SPEC §2 screen 4: requests to convert (and those converted, or only one of the two: issue 15), 1-based pages. */
export async function listRequestsToConvert({
  db,
  page,
  perPage,
  estado = 'todos',
}: {
  db: Db;
  page: number;
  perPage: number;
  estado?: ConversionFilter;
}) {
  const { items, total } = await requestPage(db, {
    dateField: 'fecha_creacion',
    states: estado === 'todos' ? ['solicitud', 'contrato'] : [estado],
    offset: (page - 1) * perPage,
    limit: perPage,
  });
  return { items, total, page, per_page: perPage };
}

/** SPEC §2 screen 5: contracts, newest conversion first, and how many there are (issue 15: X-Total-Count). */
export async function listActiveContracts({ db, skip, limit }: { db: Db; skip: number; limit: number }) {
  return requestPage(db, {
    dateField: 'fecha_conversion',
    states: ['contrato'],
    offset: skip,
    limit,
  });
}

/** SPEC §2 screen 6 and §7: {data, total_solicitudes, message}. */
export async function listExpiredRequests({ db, skip, limit }: { db: Db; skip: number; limit: number }) {
  const { items: data, total } = await requestPage(db, {
    dateField: 'fecha_vencimiento',
    states: ['caducada'],
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
