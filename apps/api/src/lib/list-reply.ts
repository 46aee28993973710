import type { FastifyReply } from 'fastify';
import type { OptionalPageQuery } from '@camposanto/domain';
import { jsonArrayStream, keysetBatches } from './json-array-stream';

/** What a list knows of its whole filter: the row count and any other header (e.g. a sum the screen shows). */
export type ListSummary = { total: number; headers?: Record<string, string> };

/**
 * One list with one filter and one order (unique: newest first, then id), read three ways: its summary, one
 * page, or batch after batch after a row (keyset).
 */
export type ListSource<Row> = {
  summary: () => Promise<ListSummary>;
  page: (window: { limit: number; offset: number }) => Promise<Row[]>;
  batchAfter: (after: Row | undefined, size: number) => Promise<Row[]>;
};

const DEFAULT_PER_PAGE = 10;

/**
 * Issue 12: with page or per_page, answers that page as a JSON array; without them, the whole list streamed
 * in keyset batches, with the same bytes as the pages joined. Either way X-Total-Count carries the number of
 * rows of the filter.
 */
export async function replyWithList<Row>(
  reply: FastifyReply,
  source: ListSource<Row>,
  query: OptionalPageQuery,
): Promise<Row[] | undefined> {
  const isPaged = query.page !== undefined || query.per_page !== undefined;
  if (!isPaged) {
    setSummary(reply, await source.summary());
    await streamJsonArray(reply, keysetBatches(source.batchAfter));
    return undefined;
  }
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const offset = ((query.page ?? 1) - 1) * perPage;
  const [summary, rows] = await Promise.all([source.summary(), source.page({ limit: perPage, offset })]);
  setSummary(reply, summary);
  return rows;
}

/** Sends the batches as one JSON array, each batch written by the route's own serialiser. */
export async function streamJsonArray<Row>(
  reply: FastifyReply,
  batches: AsyncIterable<Row[]>,
): Promise<void> {
  reply
    .type('application/json; charset=utf-8')
    .send(jsonArrayStream(batches, (batch) => reply.serialize(batch) as string));
  // A reply is thenable: it settles once the stream has been written (or the client went away).
  await reply;
}

function setSummary(reply: FastifyReply, { total, headers }: ListSummary) {
  reply.header('x-total-count', String(total));
  if (headers) reply.headers(headers);
}
