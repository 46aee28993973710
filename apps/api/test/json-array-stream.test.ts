import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonArrayStream } from '../src/lib/json-array-stream';

// Issue 12 (decision 017): an unpaged list is written batch by batch, each batch serialised apart and the pieces
// joined. Whatever the batches, the bytes must be those of the whole list as one JSON array, in UTF-8.

async function* batchesOf<Item>(batches: Item[][]) {
  for (const batch of batches) yield batch;
}

async function streamed<Item>(batches: Item[][]): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of jsonArrayStream(batchesOf(batches), (items) => JSON.stringify(items)))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const itemArbitrary = fc.record({
  id: fc.integer(),
  nombre: fc.string({ unit: 'grapheme' }),
  monto: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
});

describe('jsonArrayStream', () => {
  it('writes the whole list as one JSON array, whatever the batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(itemArbitrary, { maxLength: 80 }), { maxLength: 6 }),
        async (batches) => {
          expect(await streamed(batches)).toBe(JSON.stringify(batches.flat()));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes a batch of 1,000 in UTF-8, skips an empty batch, and writes an empty list as []', async () => {
    const item = (id: number) => ({ id, nombre: `Señora Núñez ${id} 🌹` });
    const batches = [Array.from({ length: 1000 }, (_, index) => item(index)), [], [item(1000)]];
    const text = await streamed(batches);
    expect(JSON.parse(text)).toHaveLength(1001);
    expect(text).toBe(JSON.stringify(batches.flat()));
    expect(await streamed([])).toBe('[]');
  });
});

describe('jsonArrayStream with the whole answer wanted (decision 056)', () => {
  type Item = { id: number; nombre?: string };
  const wholeOf = async (batches: Item[][], maxBytes: number, readChunks = Infinity) => {
    let whole: string | undefined;
    const stream = jsonArrayStream(batchesOf(batches), (items) => JSON.stringify(items), {
      maxBytes,
      written: (bytes) => (whole = bytes.toString('utf8')),
    });
    let read = 0;
    for await (const chunk of stream) {
      void chunk;
      if (++read >= readChunks) {
        stream.destroy();
        break;
      }
    }
    return whole;
  };
  // Each batch over the stream's 16 KB of read-ahead, so that a stream stopped early has not read them all.
  const batchOf = (first: number): Item[] =>
    Array.from({ length: 400 }, (_, index) => ({ id: first + index, nombre: 'Señora Núñez 🌹' }));
  const batches = [batchOf(0), [], batchOf(400), batchOf(800)];
  const bytes = Buffer.byteLength(JSON.stringify(batches.flat()));

  it('hands over the bytes it streamed, once every batch is read', async () => {
    expect(await wholeOf(batches, bytes)).toBe(JSON.stringify(batches.flat()));
    expect(await wholeOf([], 2)).toBe('[]');
  });

  it('hands over nothing when the answer is longer than wanted, or when the stream stops before its end', async () => {
    expect(await wholeOf(batches, bytes - 1)).toBeUndefined();
    expect(await wholeOf(batches, bytes, 2)).toBeUndefined();
  });
});
