import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';

/** Rows of a raw `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Whether `db`, or a transaction of it, runs on PGlite in this process rather than on a PostgreSQL server. */
export function isEmbedded(db: Db): boolean {
  const client = (db._.session as unknown as { client: unknown }).client;
  return !(client instanceof pg.Pool || client instanceof pg.Client);
}

/**
 * How a raw statement's rows are read on `db`. On PGlite, as one row holding one JSON text, in the statement's order
 * (the aggregate reads them as the subquery sorted them): PGlite decodes each field of an answer apart, in JavaScript
 * on the server's only thread, where one text costs a copy and a JSON.parse (decision 044). On PostgreSQL, as rows.
 * The statement's columns must come alike from JSON and from node-postgres: whole numbers, text (a numeric cast to
 * text), booleans and JSON; or be read as either (an instant is a Date from node-postgres and text in JSON).
 */
export function rowReader(db: Db): { wrap: (statement: SQL) => SQL; read: <T>(result: unknown) => T[] } {
  if (!isEmbedded(db)) return { wrap: (statement) => statement, read: rowsOf };
  return {
    wrap: (statement) => sql`select coalesce(json_agg(filas), '[]')::text as filas from (${statement}) filas`,
    read: <T>(result: unknown) => {
      const [row] = rowsOf<{ filas: string }>(result);
      return row ? (JSON.parse(row.filas) as T[]) : [];
    },
  };
}

/** The rows of a raw statement, read as `rowReader` says. */
export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const rows = rowReader(db);
  return rows.read<T>(await db.execute(rows.wrap(statement)));
}
