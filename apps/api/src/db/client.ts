import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { withFairTurns } from './fair-turns';
import { withDrizzleParsers } from './pglite-parsers';
import { withPreparedStatements } from './pglite-prepared';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database or a transaction of it: data access takes one of these, so it runs on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/**
 * How every PGlite is opened; whoever opens a migrated PGlite folder or dump passes these too.
 * - The extensions the migrations create (PostgreSQL ships them): pg_trgm for the global search's trigram indexes
 *   (issue 15, docs/decisions/028-global-search.md).
 * - PGlite's own start parameters with a smaller buffer pool than the 128 MB its initdb writes in postgresql.conf:
 *   every start zero-fills the pool in WebAssembly not yet optimised, 3.4 ms per MB here, so 128 MB took 0.4 s of a
 *   3 s cold start. The data files stay in the operating system's cache (issue 12, docs/decisions/050).
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works: it only has to be the same for every instance running migrations.
const MIGRATION_LOCK_KEY = 724_311;

/**
 * DESIGN §1 database: PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when
 * `dataDir` is undefined). Migrations are applied before the database is handed out.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    // JIT pays off for long analytical queries; the application's are short, and compiling one cost 1.27 s (issue 12).
    // So do parallel workers: starting them cost the income summary 150–300 ms on a busy two-core machine, for 9 ms
    // of work (issue 12, decision 016).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: '-c jit=off -c max_parallel_workers_per_gather=0',
    });
    const db = drizzlePg({ client: pool, schema, logger: queryLog(process.env.QUERY_LOG) });
    const client = await pool.connect();
    try {
      // Several instances may start together against one server: one migrates, the others wait.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
  }
  const client = await PGlite.create(options.dataDir, PGLITE_OPTIONS);
  const db = drizzleOnPglite(client);
  await migratePglite(db, { migrationsFolder });
  await maintainGrownTables(db.$client);
  const maintenance = setInterval(
    () => void maintainGrownTables(db.$client).catch(() => undefined),
    MAINTAIN_EVERY_MS,
  );
  maintenance.unref();
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    close: () => {
      clearInterval(maintenance);
      return client.close();
    },
  };
}

/**
 * Drizzle on a PGlite client as the server runs it: one statement at a time, in fair turns (db/fair-turns.ts), the
 * lists' registered statements prepared (db/pglite-prepared.ts), and Drizzle's parsers set once on the client rather
 * than sent with each statement (db/pglite-parsers.ts). The API tests' databases are made here too.
 */
export function drizzleOnPglite(client: PGlite) {
  return drizzlePglite({
    client: withFairTurns(withPreparedStatements(withDrizzleParsers(client))),
    schema,
    logger: queryLog(process.env.QUERY_LOG),
  });
}

const MAINTAIN_EVERY_MS = 60_000;

/**
 * PGlite runs no autovacuum, so its tables are never analysed nor vacuumed. Without statistics its planner guesses
 * (it sorted all 10,000 contracts for a page the index reads in order, issue 12); without vacuum the old versions
 * of updated rows stay in every index, and no page is ever marked all-visible, so an index-only scan reads the
 * table anyway. This stands in for autovacuum: a table grown by a tenth (and 8 pages) since it was last vacuumed
 * or analysed is vacuumed and analysed, each in its own turn (a migration that rewrites a column of many rows, as
 * 0017 and 0018 do, is cleaned up within a minute). Updates that fit in the space a vacuum freed grow nothing, so
 * they wait for the next growth: a lighter upkeep than autovacuum's, and one that never runs without cause.
 * So is a table of which fewer than half the pages were all-visible when last counted: one filled in bulk and only
 * analysed since (a restore, a data set moved in), which no growth would ever bring here. A vacuum counts them
 * again, so it runs once.
 */
export async function maintainGrownTables(client: PGlite) {
  const grown = await client.query<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and (pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages * 1.1, c.relpages + 8)
        or c.relallvisible < c.relpages / 2)`);
  for (const { name } of grown.rows) await client.query(`vacuum (analyze) "${name}"`);
}

/**
 * Opt-in for `npm run bench` (docs/performance.md): QUERY_LOG=<file> appends each statement, its params and the
 * event-loop turn it was sent in as a JSON line, so the bench replays an endpoint's own SQL as its floor and
 * sends together the statements that were sent together.
 */
function queryLog(file: string | undefined): Logger | false {
  if (!file) return false;
  let turn = 0;
  let isTurnOpen = false;
  return {
    logQuery(query, params) {
      if (!isTurnOpen) {
        isTurnOpen = true;
        setImmediate(() => {
          turn += 1;
          isTurnOpen = false;
        });
      }
      appendFileSync(file, `${JSON.stringify({ turn, sql: query, params })}\n`);
    },
  };
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
