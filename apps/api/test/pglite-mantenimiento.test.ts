import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainGrownTables } from '../src/db/client';

// Issue 12: PGlite runs no autovacuum. The server stands in for it (db/client.ts): a table grown by a tenth since
// it was last vacuumed or analysed, or one filled in bulk and never vacuumed, is vacuumed and analysed, so its
// statistics follow the data, the old versions of updated rows leave the indexes and an index-only scan reads the
// index alone. Proven on PGlite itself, in
// memory, whichever database the rest of the suite runs on.

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table cuentas (id int primary key, saldo int not null);
    insert into cuentas select g, 0 from generate_series(1, 20000) g;
    analyze cuentas;`);
});
afterAll(() => client?.close());

const pagesOf = async () =>
  (
    await client.query<{ known: number; actual: number }>(`
      select relpages as known, (pg_relation_size('cuentas') / current_setting('block_size')::int)::int as actual
      from pg_class where relname = 'cuentas'`)
  ).rows[0]!;

/** The heap fetches of an index-only scan over every row: 0 once every page is marked all-visible. */
async function heapFetches(): Promise<number> {
  await client.exec('set enable_seqscan = off; set enable_bitmapscan = off');
  try {
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      'explain (analyze, costs off) select id from cuentas where id > 0',
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Only Scan using cuentas_pkey/);
    return Number(/Heap Fetches: (\d+)/.exec(text)?.[1]);
  } finally {
    await client.exec('reset enable_seqscan; reset enable_bitmapscan');
  }
}

describe('PGlite upkeep (no autovacuum)', () => {
  it('vacuums once a table filled in bulk and only analysed, then leaves it alone until it grows by a tenth', async () => {
    // Filled and analysed, never vacuumed: no page is marked all-visible, and no growth would ever bring it here.
    expect(await heapFetches()).toBeGreaterThan(0);
    await maintainGrownTables(client);
    expect(await heapFetches()).toBe(0);

    // A hundredth of the rows updated: their pages are no longer all-visible, but the table has not grown.
    await client.exec('update cuentas set saldo = saldo + 1 where id % 100 = 0');
    await maintainGrownTables(client);
    expect(await heapFetches()).toBeGreaterThan(0);

    // Every row updated: the table doubles, and until a vacuum each page holds versions no one sees.
    await client.exec('update cuentas set saldo = saldo + 1');
    const grown = await pagesOf();
    expect(grown.actual).toBeGreaterThan(grown.known * 1.1);

    await maintainGrownTables(client);
    const after = await pagesOf();
    expect(after.known).toBe(after.actual);
    expect(await heapFetches()).toBe(0);
  });
});
