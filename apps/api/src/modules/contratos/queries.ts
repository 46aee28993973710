import { and, asc, count, desc, eq, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CONTRACT_MESSAGES, type ConversionFilter, type Modalidad } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { reservas, resumenPaginas, solicitudes } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { bucketOf, bucketsTotal } from '../../lib/page-map';
import { type Actor } from '../../lib/actor';
import { loadRequests } from './request-dto';

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

/** How many rows of a list fall in each month of its key, newest month first (the page map, decision 016). */
function prepareMonths(
  db: Db,
  dateField: DateField,
  states: RequestState[],
  modalidad: Modalidad | undefined,
) {
  return db
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
    .orderBy(desc(resumenPaginas.mes))
    .prepare(`meses_${dateField}_${states.join('_')}_${modalidad ?? 'todas'}`);
}

type MonthsStatement = ReturnType<typeof prepareMonths>;
const monthsStatements = new WeakMap<Db, Map<string, MonthsStatement>>();

/**
 * The page map's statement of one list (a dozen kinds in all), built once per database and sent as a named
 * prepared statement: neither Drizzle nor PostgreSQL builds or plans it again on each page (issue 12).
 */
function monthsStatement(db: Db, dateField: DateField, states: RequestState[], modalidad?: Modalidad) {
  const key = `${dateField} ${states.join(' ')} ${modalidad ?? ''}`;
  let statements = monthsStatements.get(db);
  if (!statements) monthsStatements.set(db, (statements = new Map()));
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = prepareMonths(db, dateField, states, modalidad)));
  return statement;
}

/**
 * One page of the requests in `states` (of one modality, or both), newest `dateField` first, and their total. The
 * page map (decision 016) counts them per month of `dateField`: the page starts in the month that holds its first
 * row, so the index is entered at that month's end and skips at most one month of entries, whatever the page.
 * `ids` is that read as a query not yet run (none past the last page): awaited, it answers the ids; in
 * `amongIds(ids)` it makes the page's rows one statement with it (one round trip fewer, issue 12).
 */
export async function pageByMonths({
  db,
  ...args
}: {
  db: Db;
  dateField: DateField;
  states: RequestState[];
  modalidad?: Modalidad;
  offset: number;
  limit: number;
}) {
  const months = await monthsStatement(db, args.dateField, args.states, args.modalidad).execute();
  const total = bucketsTotal(months);
  const found = args.limit > 0 ? bucketOf(months, args.offset) : undefined;
  if (!found) return { ids: undefined, total };
  const { bucket: start, before } = found;
  const key = KEYS[args.dateField];
  // Rows of no date sort first ('infinity'); any other month is entered at the instant its next month starts.
  const end = start.mes === 'infinity' ? undefined : new Date(`${start.mes}T00:00:00Z`);
  if (end) end.setUTCMonth(end.getUTCMonth() + 1);
  const ids = db
    .select({ id: solicitudes.id })
    .from(solicitudes)
    .where(
      and(
        inArray(solicitudes.estado, args.states),
        args.modalidad ? eq(solicitudes.modalidadPago, args.modalidad) : undefined,
        end ? lt(key, end) : undefined,
      ),
    )
    .orderBy(desc(key), desc(solicitudes.id))
    .limit(args.limit)
    .offset(args.offset - before);
  return { ids, total };
}

/**
 * The requests whose id the query `ids` answers, as a condition of the statement that reads them. `= any(array(…))`
 * runs the ids' read once, then looks each up by primary key: with `in (…)` the planner may hash the ids and scan
 * every request instead (it did at 4,000 rows).
 */
export const amongIds = (ids: SQLWrapper) => sql`${solicitudes.id} = any(array(${ids}))`;

/** A page of requests with their lines: the ids from the index and the rows of those ids only, one statement. */
async function requestPage(
  db: Db,
  args: { dateField: DateField; states: RequestState[]; offset: number; limit: number },
) {
  const { ids, total } = await pageByMonths({ db, ...args });
  const items = ids
    ? await loadRequests({
        db,
        where: amongIds(ids),
        orderBy: [desc(KEYS[args.dateField]), desc(solicitudes.id)],
      })
    : [];
  return { items, total };
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
