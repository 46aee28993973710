import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { asc, desc, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  LIST_CSV_MAX_ROWS,
  parseListSort,
  toCsv,
  type CsvCell,
  type OptionalPageQuery,
} from '@camposanto/domain';
import { foldForSearch, orEmpty, searchText } from '../db/schema/search-text';
import { businessDate } from './business-time';
import { STREAM_BATCH_SIZE } from './json-array-stream';
import { streamJsonArray } from './list-reply';

// Issue 15: search, sort and export shared by every list (docs/decisions/032-list-search-sort-export.md).
// A list is described once — its filter, its order — and read three ways: a page, the whole filter as JSON,
// or the whole filter as CSV (at most LIST_CSV_MAX_ROWS rows).

/** `%`, `_` and `\` are LIKE's wildcards and escape: searched for as they are. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * A field as the search reads it: lower case, accents folded (busqueda_normalizar, migration 0008), null as
 * empty. `searchText(column)` of a not-null column is the very expression of the trigram indexes of plots and
 * niches, so PostgreSQL reads those.
 */
export const searchable = (field: SQLWrapper, { isNullable = true } = {}) =>
  searchText(isNullable ? orEmpty(field) : field);

/** Rows where any of the fields contains `q` (case and accents ignored); undefined when there is no search. */
export function searchCondition(q: string | undefined, fields: SQL[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(foldForSearch(q))}%`;
  return or(...fields.map((field) => sql`${field} like ${pattern}`));
}

/**
 * The ORDER BY of a checked `orden`: the chosen column (text compared in lower case), then the id in the same
 * direction, so the order is unique and pages never skip nor repeat a row. Without `orden`, the list's own.
 */
export function orderOf<Field extends string>(
  orden: string | undefined,
  columns: Record<Field, SQLWrapper>,
  id: SQLWrapper,
  defaultOrder: SQL[],
): SQL[] {
  const sort = parseListSort<Field>(orden);
  if (!sort) return defaultOrder;
  const direction = sort.descending ? desc : asc;
  return [direction(columns[sort.field]), direction(id)];
}

/** A list's filter in its order: how many rows it has, and a window of them. */
export type SortedList<Row> = {
  count: () => Promise<number>;
  rows: (window: { limit: number; offset: number }) => Promise<Row[]>;
};

/** Window after window of the filter, up to `cap` rows; each window awaited before the next (PGlite). */
export async function* listBatches<Row>(
  list: SortedList<Row>,
  cap = Number.POSITIVE_INFINITY,
  size = STREAM_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  for (let offset = 0; offset < cap; offset += size) {
    const batch = await list.rows({ limit: Math.min(size, cap - offset), offset });
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
  }
}

const DEFAULT_PER_PAGE = 10;

/**
 * The JSON answer of a list whose SPEC §7 answer is an array: with page or per_page, that page; without them,
 * every row streamed, as before. X-Total-Count carries the rows of the filter either way.
 */
export async function replyWithSortedList<Row>(
  reply: FastifyReply,
  list: SortedList<Row>,
  query: OptionalPageQuery,
): Promise<Row[] | undefined> {
  const window = pageWindow(query);
  if (window) {
    const [total, rows] = await Promise.all([list.count(), list.rows(window)]);
    reply.header('x-total-count', String(total));
    return rows;
  }
  reply.header('x-total-count', String(await list.count()));
  await streamJsonArray(reply, listBatches(list));
  return undefined;
}

/** The rows of a page, or undefined when the query asks for none. */
export function pageWindow(query: OptionalPageQuery): { limit: number; offset: number } | undefined {
  if (query.page === undefined && query.per_page === undefined) return undefined;
  const limit = query.per_page ?? DEFAULT_PER_PAGE;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/**
 * `formato=csv`: every row of the filter in its order (at most LIST_CSV_MAX_ROWS), streamed as it is read,
 * under `<name>-YYYY-MM-DD.csv` (the business day in Caracas). The CSV is the domain's `toCsv`: UTF-8 BOM, ';',
 * CRLF, decimal comma for amounts (formatCsvAmount in `toRow`), formulas kept as text.
 */
export function replyWithCsv<Row>(
  reply: FastifyReply,
  {
    name,
    header,
    list,
    toRow,
    now = new Date(),
  }: {
    name: string;
    header: readonly string[];
    list: SortedList<Row>;
    toRow: (row: Row) => CsvCell[];
    now?: Date;
  },
) {
  async function* chunks() {
    // toCsv starts every text with the BOM: only the first chunk keeps it.
    yield toCsv([header]);
    for await (const batch of listBatches(list, LIST_CSV_MAX_ROWS)) {
      yield toCsv(batch.map(toRow)).slice(1);
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${businessDate(now)}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(chunks(), { objectMode: false }));
}

/** 'Sí' or 'No', as a spreadsheet reads a yes/no column. */
export const yesNo = (value: boolean) => (value ? 'Sí' : 'No');
