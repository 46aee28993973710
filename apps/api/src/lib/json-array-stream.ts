import { Readable } from 'node:stream';

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** Who wants the whole answer once written, if it is no longer than `maxBytes` (lib/kept-answers.ts). */
export type WholeAnswer = { maxBytes: number; written: (bytes: Buffer) => void };

/**
 * A JSON array written batch by batch (issue 12, docs/decisions/017): `serialize` turns one batch into a JSON
 * array (the route's own serialiser), so the bytes are those of a page; its brackets are dropped and the batches
 * joined with commas. The next batch is read only when the socket has taken the last one, so memory holds about
 * one batch whatever the length of the list; and `whole`'s `maxBytes` more when it is given.
 */
export function jsonArrayStream<Item>(
  batches: AsyncIterable<Item[]>,
  serialize: (batch: Item[]) => string,
  whole?: WholeAnswer,
): Readable {
  const write = whole ? gatherer(whole) : { add: (bytes: Buffer) => bytes, end: () => {} };
  async function* chunks() {
    yield write.add(OPEN);
    let isFirst = true;
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      // The batch's JSON encoded once, its brackets dropped as a view of the bytes: slicing the text instead
      // made V8 flatten the serialiser's string of many pieces, and again after prefixing the comma, before
      // encoding it (8 % of the server's CPU on a seller's unpaged list, issue 12).
      const bytes = Buffer.from(serialize(batch));
      if (!isFirst) yield write.add(COMMA);
      yield write.add(bytes.subarray(1, bytes.length - 1));
      isFirst = false;
    }
    write.add(CLOSE);
    // Every batch read: the answer is whole, though the socket may still be sending its end.
    write.end();
    yield CLOSE;
  }
  // Not object mode: the high-water mark counts bytes, so at most one batch waits in the stream's buffer.
  return Readable.from(chunks(), { objectMode: false });
}

/** Gathers the chunks written, up to `whole.maxBytes`, and hands them over as one buffer at the end. */
function gatherer(whole: WholeAnswer) {
  let chunks: Buffer[] | undefined = [];
  let size = 0;
  return {
    add(bytes: Buffer) {
      size += bytes.length;
      if (size > whole.maxBytes) chunks = undefined;
      else chunks?.push(bytes);
      return bytes;
    },
    end() {
      if (chunks) whole.written(Buffer.concat(chunks));
    },
  };
}

/** Rows per keyset batch of an unpaged list: big enough to cost few queries, small enough to stay light. */
export const STREAM_BATCH_SIZE = 1000;

/**
 * Reads a list in keyset batches: each batch is its own query, awaited before the next (PGlite runs one
 * statement at a time), continuing after the last row of the previous batch.
 */
export async function* keysetBatches<Row>(
  readBatch: (after: Row | undefined, size: number) => Promise<Row[]>,
  size = STREAM_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const batch = await readBatch(after, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    after = batch.at(-1);
  }
}
