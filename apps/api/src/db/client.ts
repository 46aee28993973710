import { PGlite } from '@electric-sql/pglite';
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
import { countPending, withFairTurns } from './fair-turns';
import { withDrizzleParsers } from './pglite-parsers';
import { withPreparedStatements } from './pglite-prepared';
import { keepMaintained, PGLITE_OPTIONS, PLAN_CACHE_MODE } from './pglite-setup';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export { maintainGrownTables, PGLITE_OPTIONS } from './pglite-setup';

export type Schema = typeof schema;
/** The database or a transaction of it: data access takes one of these, so it runs on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Embedded in a data folder: settles if the database's thread fails (decision 051). */
  stopped?: Promise<Error>;
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
    // of work (issue 12, decision 016). Prepared statements keep their generic plan (decision 052).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: `-c jit=off -c max_parallel_workers_per_gather=0 -c plan_cache_mode=${PLAN_CACHE_MODE}`,
    });
    // PostgreSQL may close a connection the pool keeps idle (a restart, a failover, pg_terminate_backend):
    // node-postgres drops it, opens another for the next query and emits 'error' on the pool, which with no
    // listener would end the process.
    pool.on('error', (error) =>
      process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`),
    );
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
  if (options.dataDir) {
    // A data folder is the server's (or a backup's): PGlite in its own thread (decision 051).
    const thread = await PgliteThread.open(options.dataDir);
    // No turns: the thread's statements queue there, and none of them holds this thread (decision 051).
    const client = withPreparedStatements(thread as unknown as PGlite);
    countPending(client, () => thread.pending);
    const db = drizzleOn(client);
    try {
      await migratePglite(db, { migrationsFolder });
    } catch (error) {
      await thread.close().catch(() => undefined);
      throw error;
    }
    // Kept as before, on the tables as migrated, but not waited for: requests are served meanwhile.
    const maintenance = keepMaintained(client);
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      stopped: thread.stopped,
      close: async () => {
        (await maintenance)();
        await thread.close();
      },
    };
  }
  const client = await PGlite.create(PGLITE_OPTIONS);
  const db = drizzleOnPglite(client);
  await migratePglite(db, { migrationsFolder });
  const stopMaintenance = await keepMaintained(client);
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    close: () => {
      stopMaintenance();
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
  return drizzleOn(withFairTurns(withPreparedStatements(withDrizzleParsers(client))));
}

const drizzleOn = (client: PGlite) =>
  drizzlePglite({ client, schema, logger: queryLog(process.env.QUERY_LOG) });

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
