import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbedded, rowsOf, selectRows } from '../src/db/rows';
import { createTestApp, type TestApp } from './helpers/test-app';

// Decision 044: on PGlite a statement's rows can come as one JSON text (selectRows), which must give the rows
// node-postgres would: the same values, the same order, none lost or added, on either database.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// 1,500 rows in an order no index gives: whole numbers, text (a numeric as text), booleans, nulls and JSON.
const statement = sql`
  select g as id, 'fila ' || g as nombre, (g * 1.05)::numeric(12, 2)::text as monto, g % 3 = 0 as par,
    case when g % 7 = 0 then null else g % 11 end as resto, json_build_object('g', g, 'n', array[g, -g]) as datos
  from generate_series(1, 1500) g
  order by g % 13, g desc`;

describe('selectRows (decision 044)', () => {
  it('knows which database the app runs on, in a transaction too', async () => {
    expect(isEmbedded(t.db)).toBe(t.driver === 'pglite');
    await t.db.transaction(async (tx) => expect(isEmbedded(tx)).toBe(t.driver === 'pglite'));
  });

  it('gives the rows of the statement as node-postgres reads them, in its order', async () => {
    const rows = await selectRows<Record<string, unknown>>(t.db, statement);
    expect(rows).toHaveLength(1500);
    expect(rows.slice(0, 3)).toEqual([
      {
        id: 1495,
        nombre: 'fila 1495',
        monto: '1569.75',
        par: false,
        resto: 10,
        datos: { g: 1495, n: [1495, -1495] },
      },
      {
        id: 1482,
        nombre: 'fila 1482',
        monto: '1556.10',
        par: true,
        resto: 8,
        datos: { g: 1482, n: [1482, -1482] },
      },
      {
        id: 1469,
        nombre: 'fila 1469',
        monto: '1542.45',
        par: false,
        resto: 6,
        datos: { g: 1469, n: [1469, -1469] },
      },
    ]);
    expect(rows).toEqual(rowsOf(await t.db.execute(statement)));
  });

  it('gives no rows for a statement that finds none', async () => {
    expect(await selectRows(t.db, sql`select 1 as uno where false`)).toEqual([]);
  });
});
