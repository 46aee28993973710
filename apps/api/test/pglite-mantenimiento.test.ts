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

/** A table's pages as its last vacuum or analysis counted them (`known`) and as they are, and its file. */
const pagesOf = async (table = 'cuentas') =>
  (
    await client.query<{ known: number; actual: number; file: number }>(
      `select relpages as known, (pg_relation_size(oid) / current_setting('block_size')::int)::int as actual,
         relfilenode as file
       from pg_class where relname = $1`,
      [table],
    )
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

  it('rewrites a small table whose pages hold mostly freed space, and never a compact one', async () => {
    // A rollup's shape (decision 016): a few hundred rows, each updated again and again. A hundred updates of every
    // row in one transaction (a bulk load, the bench's generation) leave a table of a hundred times its rows' size,
    // which a vacuum frees but never shrinks: every read of the whole table still reads each of those pages.
    await client.exec(`
      create table resumen (vendedor_id int, modalidad text, contratos int not null, monto numeric not null,
        primary key (vendedor_id, modalidad));
      insert into resumen select g, m, 0, 0 from generate_series(1, 200) g, unnest(array['Financiado', 'De Contado']) m;
      create table angosta (a int, b int, c int, d int, e int, f int, g int, h boolean, i boolean, j smallint);
      insert into angosta select g, g, g, g, g, g, g, true, false, 1 from generate_series(1, 30000) g;`);
    await client.transaction(async (tx) => {
      for (let round = 0; round < 100; round += 1)
        await tx.exec('update resumen set contratos = contratos + 1, monto = monto + 10.25');
    });
    const fileOf = async (table: string) => {
      const { file, actual } = await pagesOf(table);
      return { file, actual };
    };
    expect((await fileOf('resumen')).actual).toBeGreaterThan(100);

    await maintainGrownTables(client);
    const compacted = await fileOf('resumen');
    expect(compacted.actual).toBeLessThanOrEqual(4);
    const sums = await client.query<{ contratos: number; monto: string }>(
      'select sum(contratos)::int as contratos, sum(monto)::text as monto from resumen',
    );
    expect(sums.rows[0]).toEqual({ contratos: 40000, monto: '410000.00' });

    // Compact tables are left as they are: the rewritten one, narrow rows of many columns (the estimate's worst
    // case), and one that holds twice its rows' pages after every row was updated once (the test above).
    const [narrow, doubled] = [await fileOf('angosta'), await fileOf('cuentas')];
    for (let pass = 0; pass < 3; pass += 1) await maintainGrownTables(client);
    expect(await fileOf('resumen')).toEqual(compacted);
    expect(await fileOf('angosta')).toEqual(narrow);
    expect(await fileOf('cuentas')).toEqual(doubled);
  });
});
