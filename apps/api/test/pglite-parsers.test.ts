import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDrizzleParsers } from '../src/db/pglite-parsers';

// Issue 12: Drizzle's statements reach PGlite without `parsers` (the client's own table reads Drizzle's types as
// text), and read every type exactly as they did; statements from elsewhere still read instants as Dates.

const fechas = pgTable('fechas', {
  id: integer('id').primaryKey(),
  instante: timestamp('instante', { withTimezone: true, mode: 'date' }),
  local: timestamp('local', { mode: 'string' }),
  dia: date('dia'),
  plazo: interval('plazo'),
  monto: numeric('monto'),
});

const TABLE = `create table fechas (id int primary key, instante timestamptz, local timestamp, dia date,
  plazo interval, monto numeric);
  insert into fechas values
    (1, '2025-03-01 10:11:12.345678+00', '2025-03-01 10:11:12.5', '2025-03-01', '1 day 02:00:00', 12.5),
    (2, '1999-12-31 23:59:59.999+00', '1999-12-31 23:59:59', '1999-12-31', '3 months', 0.01),
    (3, null, null, null, null, null)`;

// Every type Drizzle asks for as text, plain and in arrays, beside some it leaves to PGlite.
const EVERY_TYPE = `select id, instante, local, dia, plazo, monto,
  array[instante, instante] as instantes, array[local] as locales, array[dia] as dias, array[plazo] as plazos,
  array[monto, 2.25] as montos, instante::text as texto, id > 1 as mayor, json_build_object('id', id) as objeto
  from fechas order by id`;

let plain: PGlite;
let wrapped: PGlite;
let options: unknown[];

beforeAll(async () => {
  [plain, wrapped] = await Promise.all([PGlite.create(), PGlite.create()]);
  await Promise.all([plain.exec(TABLE), wrapped.exec(TABLE)]);
  // The options of every statement PGlite is sent, in a transaction too.
  const recorded = <Q extends (...args: never[]) => unknown>(query: Q) =>
    ((text: string, params?: unknown[], given?: unknown) => {
      options.push(given);
      return query(...([text, params, given] as Parameters<Q>));
    }) as never;
  wrapped.query = recorded(wrapped.query.bind(wrapped));
  const transaction = wrapped.transaction.bind(wrapped);
  wrapped.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = recorded(tx.query);
      return callback(tx);
    })) as never;
});
afterAll(async () => {
  await Promise.all([plain?.close(), wrapped?.close()]);
});

const onBoth = async <T>(read: (client: PGlite) => Promise<T>) => {
  const client = withDrizzleParsers(wrapped);
  options = [];
  const [before, after] = [await read(plain), await read(client)];
  return { before, after };
};

describe('withDrizzleParsers', () => {
  it("sends Drizzle's statements without parsers, and they read every type as before", async () => {
    const { before, after } = await onBoth(async (client) => ({
      built: await drizzle({ client }).select().from(fechas).orderBy(fechas.id),
      raw: (await drizzle({ client }).execute(sql.raw(EVERY_TYPE))).rows,
    }));
    expect(after).toEqual(before);
    expect(after.built[0]?.instante).toEqual(new Date('2025-03-01T10:11:12.345Z'));
    expect(after.built[0]?.dia).toBe('2025-03-01');
    // Drizzle parses instants and arrays of them itself: PGlite hands it their text.
    expect(after.raw[0]).toMatchObject({
      instante: '2025-03-01 10:11:12.345678+00',
      instantes: '{"2025-03-01 10:11:12.345678+00","2025-03-01 10:11:12.345678+00"}',
    });
    expect(options).toHaveLength(2);
    for (const sent of options) expect(sent).not.toHaveProperty('parsers');
  });

  it('reads instants as Dates, and arrays of them, in a statement not from Drizzle: query, exec and transaction', async () => {
    const { before, after } = await onBoth(async (client) => ({
      query: (await client.query(EVERY_TYPE)).rows,
      exec: (await client.exec(EVERY_TYPE)).map((result) => result.rows),
      transaction: await client.transaction(async (tx) => ({
        query: (await tx.query(EVERY_TYPE)).rows,
        exec: (await tx.exec(EVERY_TYPE)).map((result) => result.rows),
      })),
    }));
    expect(after).toEqual(before);
    expect(after.query[0]).toMatchObject({
      instante: new Date('2025-03-01T10:11:12.345Z'),
      instantes: [new Date('2025-03-01T10:11:12.345Z'), new Date('2025-03-01T10:11:12.345Z')],
    });
    expect(after.transaction.query).toEqual(after.query);
  });

  it("keeps a caller's own parsers, over the client's", async () => {
    const { before, after } = await onBoth(
      async (client) =>
        (await client.query(EVERY_TYPE, [], { parsers: { 1184: (value: string) => `«${value}»` } })).rows,
    );
    expect(after).toEqual(before);
    expect(after[0]).toMatchObject({
      instante: '«2025-03-01 10:11:12.345678+00»',
      dia: new Date('2025-03-01T00:00:00.000Z'),
    });
  });

  it('reads as Drizzle does in a Drizzle transaction, its statements sent without parsers', async () => {
    const { before, after } = await onBoth((client) =>
      drizzle({ client }).transaction((tx) => tx.select().from(fechas).orderBy(fechas.id)),
    );
    expect(after).toEqual(before);
    expect(after).toHaveLength(3);
    expect(options).toHaveLength(1);
    expect(options[0]).not.toHaveProperty('parsers');
  });
});
