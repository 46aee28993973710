import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

// Issue 16, docs/decisions/025: counters every instance on one PostgreSQL database shares (table
// contadores_limite). Each change is one statement, so instances racing on a key never lose a count.

/** The pool behind a PostgreSQL database; undefined on PGlite, which only one process ever opens. */
export function postgresPool(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export type CounterState = { key: string; count: number; ttlMs: number };

/**
 * Adds one to each key's count (an upsert: insert, or on conflict update, returning the new count). An expired
 * count starts again at 1. `slide`: each hit starts the key's window again (the sign-in failures, remembered from
 * the latest); otherwise the window is fixed from the first hit (a rate limit's minute).
 */
export async function incrementCounters(
  db: Db,
  keys: string[],
  windowMs: number,
  { slide }: { slide: boolean },
): Promise<CounterState[]> {
  if (keys.length === 0) return [];
  const expiry = sql`now() + ${windowMs}::double precision * interval '1 millisecond'`;
  const rows = rowsOf<{ clave: string; cuenta: number; ttl_ms: number }>(
    await db.execute(sql`
      insert into contadores_limite as c (clave, cuenta, expira)
      values ${sql.join(
        keys.map((key) => sql`(${key}, 1, ${expiry})`),
        sql`, `,
      )}
      on conflict (clave) do update set
        cuenta = case when c.expira <= now() then 1 else c.cuenta + 1 end,
        expira = case when ${slide}::boolean or c.expira <= now() then excluded.expira else c.expira end
      returning clave, cuenta,
        greatest(0, ceil(extract(epoch from (expira - now())) * 1000))::int as ttl_ms`),
  );
  return rows.map((row) => ({ key: row.clave, count: Number(row.cuenta), ttlMs: Number(row.ttl_ms) }));
}

/** The live counts of some keys (0 for a missing or expired one), in the order asked. */
export async function readCounters(db: Db, keys: string[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = rowsOf<{ clave: string; cuenta: number }>(
    await db.execute(sql`
      select clave, cuenta from contadores_limite
      where clave in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}) and expira > now()`),
  );
  const counts = new Map(rows.map((row) => [row.clave, Number(row.cuenta)]));
  return keys.map((key) => counts.get(key) ?? 0);
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from contadores_limite where clave = ${key}`);
}

/** Expired counts are only ignored when read; the expiry job deletes them (`jobs/scheduler.ts`). */
export async function pruneExpiredCounters(db: Db): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (delete from contadores_limite where expira <= now() returning 1)
      select count(*)::int as n from gone`),
  );
  return Number(rows[0]?.n ?? 0);
}
