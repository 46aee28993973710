import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFairTurns } from '../src/db/fair-turns';

// Issue 11 #11: a burst of PGlite statements must leave the event loop turns in between, or no request (not
// even /health) is read until the burst is over.

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
});
afterAll(() => client?.close());

/** How many of `count` queued statements had finished when a timer set before them fired. */
async function finishedBeforeTimer(db: ReturnType<typeof drizzle>, count: number): Promise<number> {
  let finished = 0;
  const timer = new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0));
  await Promise.all(
    Array.from({ length: count }, () => db.execute(sql`select 1`).then(() => (finished += 1))),
  );
  return timer;
}

describe('withFairTurns', () => {
  it('without it, a burst of statements runs to its end before a timer can fire', async () => {
    expect(await finishedBeforeTimer(drizzle({ client }), 200)).toBe(200);
  });

  it('with it, a timer fires between the statements of a burst', async () => {
    expect(await finishedBeforeTimer(drizzle({ client: withFairTurns(client) }), 200)).toBeLessThan(10);
  });

  it('still runs a transaction and its statements, and reports a failing one', async () => {
    const db = drizzle({ client: withFairTurns(client) });
    const rows = await db.transaction(async (tx) => tx.execute(sql`select 2 as n`));
    expect(rows.rows).toEqual([{ n: 2 }]);
    await expect(db.execute(sql`select * from tabla_que_no_existe`)).rejects.toThrow();
    expect((await db.execute(sql`select 3 as n`)).rows).toEqual([{ n: 3 }]);
  });
});
