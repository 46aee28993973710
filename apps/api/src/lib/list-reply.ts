import type { FastifyReply } from 'fastify';
import type { OptionalPageQuery } from '@camposanto/domain';
import { jsonArrayStream, keysetBatches, type WholeAnswer } from './json-array-stream';
import type { KeptAnswers } from './kept-answers';

/** What a list knows of its whole filter: the row count and any other header (e.g. a sum the screen shows). */
export type ListSummary = { total: number; headers?: Record<string, string> };

/**
 * A list whose unpaged answer is kept whole between calls under `key` (lib/kept-answers.ts, decision 056):
 * `summary` reads, with the list's summary, the version of every row the answer shows.
 */
export type KeptList = {
  answers: KeptAnswers;
  key: string;
  summary: () => Promise<ListSummary & { version: string }>;
};

/**
 * One list with one filter and one order (unique: newest first, then id), read three ways: its summary, one
 * page, or batch after batch after a row (keyset); `kept` when its unpaged answer is kept between calls.
 */
export type ListSource<Row> = {
  summary: () => Promise<ListSummary>;
  page: (window: { limit: number; offset: number }) => Promise<Row[]>;
  batchAfter: (after: Row | undefined, size: number) => Promise<Row[]>;
  kept?: KeptList;
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
    if (source.kept) await replyKept(reply, source, source.kept);
    else {
      setSummary(reply, await source.summary());
      await streamJsonArray(reply, keysetBatches(source.batchAfter));
    }
    return undefined;
  }
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const offset = ((query.page ?? 1) - 1) * perPage;
  const [summary, rows] = await Promise.all([source.summary(), source.page({ limit: perPage, offset })]);
  setSummary(reply, summary);
  return rows;
}

/**
 * The unpaged answer kept for the rows' version if there is one; else the list streamed, and kept once whole.
 * The version is read before the rows (KeptAnswers says why that order).
 */
async function replyKept<Row>(reply: FastifyReply, source: ListSource<Row>, kept: KeptList) {
  const { version, ...summary } = await kept.summary();
  setSummary(reply, summary);
  const answer = kept.answers.get(kept.key, version);
  if (answer) {
    reply.type(JSON_TYPE).send(answer);
    await reply;
    return;
  }
  await streamJsonArray(reply, keysetBatches(source.batchAfter), {
    maxBytes: kept.answers.maxAnswerBytes,
    written: (bytes) => kept.answers.keep(kept.key, version, bytes),
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends the batches as one JSON array, each batch written by the route's own serialiser. */
export async function streamJsonArray<Row>(
  reply: FastifyReply,
  batches: AsyncIterable<Row[]>,
  whole?: WholeAnswer,
): Promise<void> {
  reply.type(JSON_TYPE).send(jsonArrayStream(batches, (batch) => reply.serialize(batch) as string, whole));
  // A reply is thenable: it settles once the stream has been written (or the client went away).
  await reply;
}

function setSummary(reply: FastifyReply, { total, headers }: ListSummary) {
  reply.header('x-total-count', String(total));
  if (headers) reply.headers(headers);
}
