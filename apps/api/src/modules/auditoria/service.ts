import { and, count, desc, eq, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery, AuditRecord, CsvCell } from '@camposanto/domain';
import { auditActionLabel, MSG, ROL_LABELS, type Rol } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { isoInstant } from '../../db/instants';
import { auditoria, resumenAuditoriaDias } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { businessDayStart, nextBusinessDayStart } from '../../lib/business-time';
import type { ListSource } from '../../lib/list-reply';
import { orderOf, searchable, searchCondition, type SortedList } from '../../lib/list-tools';
import { bucketOf, bucketsTotal, once } from '../../lib/page-map';
import { preparedQuery, preparedRows } from '../../lib/prepared-once';

// Newest first, then id: a unique order, so pages and keyset batches never skip nor repeat a row.
const newestFirst = [desc(auditoria.fecha), desc(auditoria.id)];

/**
 * SPEC §2 screen 3 and §7 GET /api/v1/admin/auditoria: the audited changes of one filter, paged on the server
 * (issue 12), or the whole filter streamed.
 */
export function listAudit({ db, query }: { db: Db; query: AuditListQuery }): ListSource<AuditRecord> {
  const where = auditFilter(query);
  const select = (condition: SQL | undefined, limit: number, offset?: number) =>
    db
      .select()
      .from(auditoria)
      .where(condition)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset ?? 0)
      .then((rows) => rows.map(toAuditRecord));
  const byDays = isDaysOnly(query) ? auditByDays(db, query) : undefined;
  return {
    summary: async () => {
      if (byDays) return { total: bucketsTotal(await byDays()) };
      const [row] = await db.select({ total: count() }).from(auditoria).where(where);
      return { total: row?.total ?? 0 };
    },
    page: async ({ limit, offset }) => {
      if (!byDays) return select(where, limit, offset);
      // Issue 12: the page's first row is in one day of the map; the index is entered at that day's end.
      const start = bucketOf(await byDays(), offset);
      if (!start || limit <= 0) return [];
      const rows = await dayPage(db, Boolean(query.desde)).execute({
        end: nextBusinessDayStart(start.bucket.key).toISOString(),
        from: query.desde && businessDayStart(query.desde).toISOString(),
        limit,
        offset: offset - start.before,
      });
      return rows.map(toAuditRecord);
    },
    // The last row's timestamp is read from the row itself: PostgreSQL keeps microseconds, the ISO string not.
    batchAfter: (after, size) =>
      select(
        and(
          where,
          after &&
            sql`(${auditoria.fecha}, ${auditoria.id}) <
              (select k.fecha, k.id from ${auditoria} k where k.id = ${after.id})`,
        ),
        size,
      ),
  };
}

/** Whether the filter is a range of days at most (the role 'todos' is none): the page map of migration 0011 counts it. */
function isDaysOnly(query: AuditListQuery): boolean {
  const rol = query.rol && query.rol.toLowerCase() !== 'todos' ? query.rol : undefined;
  return !query.q && !query.accion && !query.usuario && !rol;
}

/**
 * Decision 016, "Page maps of plots and audit": the audit rows per business day of the range, newest day first,
 * read once for the list's total and its page.
 */
function auditByDays(db: Db, query: AuditListQuery) {
  const bounds = `${query.desde ? '_desde' : ''}${query.hasta ? '_hasta' : ''}`;
  const days = preparedQuery(db, `auditoria_dias${bounds}`, () =>
    db
      .select({ key: resumenAuditoriaDias.dia, cantidad: resumenAuditoriaDias.cantidad })
      .from(resumenAuditoriaDias)
      .where(
        and(
          ne(resumenAuditoriaDias.cantidad, 0),
          query.desde ? gte(resumenAuditoriaDias.dia, sql.placeholder('desde')) : undefined,
          query.hasta ? lte(resumenAuditoriaDias.dia, sql.placeholder('hasta')) : undefined,
        ),
      )
      .orderBy(desc(resumenAuditoriaDias.dia)),
  );
  return once(() => days.execute({ desde: query.desde, hasta: query.hasta }));
}

/**
 * A page of a range of days, newest first, from the end of the day that holds its first row (`end`) back to the
 * range's first day (`from`, when it has one). Prepared once, as the map's read (lib/prepared-once.ts): Drizzle's
 * building of these statements cost the server more than PostgreSQL's running them. Read as plain rows, the
 * instant as PostgreSQL's text: Drizzle's mapping of each row and a Date per instant were a tenth of the server's
 * time on this page (issue 12).
 */
const dayPage = (db: Db, hasStart: boolean) =>
  preparedRows<AuditRow>(
    db,
    `auditoria_pagina${hasStart ? '_desde' : ''}`,
    () => sql`select id, username, rol, accion, descripcion, fecha from ${auditoria}
      where ${auditoria.fecha} < ${sql.placeholder('end')}
        ${hasStart ? sql`and ${auditoria.fecha} >= ${sql.placeholder('from')}` : sql``}
      order by ${sql.join(newestFirst, sql`, `)}
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
  );

/**
 * Issue 15 (decision 032): the same filter in the order asked for (`orden`: fecha, username, rol, accion; ties by
 * id), for a page, the whole filter or the CSV.
 */
export function sortedAudit({ db, query }: { db: Db; query: AuditListQuery }): SortedList<AuditRecord> {
  const where = auditFilter(query);
  const order = orderOf(
    query.orden,
    {
      fecha: auditoria.fecha,
      username: sql`lower(${auditoria.username})`,
      rol: auditoria.rol,
      accion: auditoria.accion,
    },
    auditoria.id,
    newestFirst,
  );
  return {
    count: async () => {
      const [row] = await db.select({ total: count() }).from(auditoria).where(where);
      return row?.total ?? 0;
    },
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(auditoria)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .then((rows) => rows.map(toAuditRecord)),
  };
}

/** An audit record as a row of the CSV (AUDIT_CSV_HEADER): the screen's labels, the time in Caracas. */
export function auditCsvRow(record: AuditRecord): CsvCell[] {
  return [
    record.username,
    ROL_LABELS[record.rol as Rol] ?? record.rol,
    auditActionLabel(record.accion),
    record.descripcion,
    formatCaracasDateTime(new Date(record.fecha)),
  ];
}

const caracasDateTime = new Intl.DateTimeFormat('es-VE', {
  timeZone: 'America/Caracas',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** dd/mm/aaaa hh:mm in Caracas. */
function formatCaracasDateTime(instant: Date): string {
  const part = (type: string) =>
    caracasDateTime.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

function auditFilter(query: AuditListQuery): SQL | undefined {
  const filters: SQL[] = [];
  const search = searchCondition(query.q, [
    searchable(auditoria.username, { isNullable: false }),
    searchable(auditoria.accion, { isNullable: false }),
    searchable(auditoria.descripcion, { isNullable: false }),
  ]);
  if (search) filters.push(search);
  if (query.accion) filters.push(eq(auditoria.accion, query.accion));
  if (query.usuario) filters.push(eq(auditoria.username, query.usuario));
  const rol = query.rol && query.rol.toLowerCase() !== 'todos' ? query.rol : undefined;
  if (rol) filters.push(eq(auditoria.rol, rol));
  if (query.desde && query.hasta && query.desde > query.hasta) throw badRequest(MSG.rangoFechasInvalido);
  // Dates are business days in America/Caracas (DESIGN §3 Dates); Hasta includes its whole day.
  if (query.desde) filters.push(gte(auditoria.fecha, businessDayStart(query.desde)));
  if (query.hasta) filters.push(lt(auditoria.fecha, nextBusinessDayStart(query.hasta)));
  return and(...filters);
}

/**
 * The fields of an audit row the API shows: from Drizzle's row (a Date), or from a raw statement (the id as
 * node-postgres' text of a bigint or JSON's number, the instant as text).
 */
type AuditRow = Pick<typeof auditoria.$inferSelect, 'username' | 'rol' | 'accion' | 'descripcion'> & {
  id: number | string;
  fecha: Date | string;
};

function toAuditRecord(row: AuditRow): AuditRecord {
  return {
    id: Number(row.id),
    username: row.username,
    rol: row.rol,
    accion: row.accion,
    descripcion: row.descripcion,
    fecha: isoInstant(row.fecha),
  };
}
