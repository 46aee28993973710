import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { registerStatement } from '../db/pglite-prepared';
import { rowReader } from '../db/rows';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built once per database and `name` (issue 12): the lists' hot statements are named prepared
 * statements, so neither Drizzle nor PostgreSQL builds or plans them again on each page (on PGlite through
 * db/pglite-prepared.ts). `name` must say every choice that changes the statement's text (`sql`): node-postgres
 * refuses one name sent with two texts on a connection.
 */
export function preparedOnce<T>(
  db: Db,
  name: string,
  build: (name: string) => { sql: string; statement: T },
): T {
  let statements = built.get(db);
  if (!statements) built.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    const made = build(name);
    registerStatement(made.sql, name);
    statements.set(name, (statement = made.statement));
  }
  return statement;
}

/** A Drizzle query prepared once per database under `name` (preparedOnce), `query` built on the first call only. */
export function preparedQuery<P>(
  db: Db,
  name: string,
  query: () => { toSQL(): { sql: string }; prepare(name: string): P },
): P {
  return preparedOnce(db, name, (statementName) => {
    const built = query();
    return { sql: built.toSQL().sql, statement: built.prepare(statementName) };
  });
}

const dialect = new PgDialect();

/**
 * A raw statement (`sql`, with `sql.placeholder`s for what changes between calls) prepared once per database under
 * `name` (preparedOnce), its rows read as db/rows.ts' rowReader says; `statement` is built on the first call only.
 */
export function preparedRows<T>(
  db: Db,
  name: string,
  statement: () => SQL,
): { execute: (values: Record<string, unknown>) => Promise<T[]> } {
  return preparedOnce(db, name, () => {
    const rows = rowReader(db);
    const query = dialect.sqlToQuery(rows.wrap(statement()));
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    const execute = async (values: Record<string, unknown>) => rows.read<T>(await prepared.execute(values));
    return { sql: query.sql, statement: { execute } };
  });
}

/**
 * Words of the code's own (a state, a modality) written into a prepared statement's text rather than sent as
 * parameters: the plan PostgreSQL makes once for every run (its generic plan) can only use a partial index if it
 * sees the very values of the index's predicate (decision 041). `name` must then say them.
 */
export function codeWords(values: readonly string[]): SQL {
  for (const value of values) if (!/^[a-zA-Z ]+$/.test(value)) throw new Error(`not a code word: ${value}`);
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}
