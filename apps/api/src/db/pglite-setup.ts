// How every PGlite of the application is opened and kept: by the server's database thread (pglite-thread-worker.ts
// opens it, db/client.ts keeps it), the in-memory databases of db/client.ts, the API tests' template and the bench.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * A prepared statement runs the plan made once for any values (its generic plan), never one made again for each
 * call: PostgreSQL's own choice replanned most of the lists' statements on every call, which cost more than running
 * them (decision 052). Set on both databases (db/client.ts).
 */
export const PLAN_CACHE_MODE = 'force_generic_plan';

/**
 * How every PGlite is opened; whoever opens a migrated PGlite folder or dump passes these too.
 * - The extensions the migrations create (PostgreSQL ships them): pg_trgm for the global search's trigram indexes
 *   (issue 15, docs/decisions/028-global-search.md).
 * - PGlite's own start parameters with a smaller buffer pool than the 128 MB its initdb writes in postgresql.conf:
 *   every start zero-fills the pool in WebAssembly not yet optimised, 3.4 ms per MB here, so 128 MB took 0.4 s of a
 *   3 s cold start. The data files stay in the operating system's cache (issue 12, docs/decisions/050). And the
 *   generic plans of PLAN_CACHE_MODE.
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [
    ...PGlite.defaultStartParams,
    '-c',
    'shared_buffers=32MB',
    '-c',
    `plan_cache_mode=${PLAN_CACHE_MODE}`,
  ],
};

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
 * again, so it runs once. Then a small table left hollow by a vacuum is rewritten (HOLLOW_TABLES).
 */
export async function maintainGrownTables(client: PGlite) {
  const grown = await client.query<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and (pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages * 1.1, c.relpages + 8)
        or c.relallvisible < c.relpages / 2)`);
  for (const { name } of grown.rows) await client.query(`vacuum (analyze) "${name}"`);
  const hollow = await client.query<{ name: string }>(HOLLOW_TABLES);
  for (const { name } of hollow.rows) await client.query(`vacuum (full, analyze) "${name}"`);
}

/**
 * Small tables (at most 32 MB) of more than four times the pages their live rows need, as the last analysis counted
 * them and their columns' widths (plus 40 bytes a row for its header and line pointer, more than the two take). A
 * vacuum frees the old versions' space but keeps the pages, so a table whose rows were updated many times before
 * one (a bulk load, a migration that rewrites every row) stays that large for good, and a read of the whole table
 * reads them all: a rollup of 400 rows kept 819 pages after the bench's load, and the income summary's statement
 * that reads it took 3.3 ms of the thread instead of 1.8 (issue 12). Rewriting one (`vacuum full`) holds the thread
 * for as long as it takes to copy its live rows, at most some tenths of a second; a rewritten table fits its rows,
 * so it is rewritten again only once it has grown hollow again.
 */
const HOLLOW_TABLES = `
  select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' and c.reltuples >= 0 and c.relpages between 16 and 4096
    and c.relpages > 4 * ceil(c.reltuples * (40 + coalesce(
      (select sum(s.avg_width) from pg_stats s where s.schemaname = 'public' and s.tablename = c.relname), 0))
      / current_setting('block_size')::int)`;

/**
 * Runs `maintainGrownTables` now and then every minute, until the returned function is called. A pass that fails (a
 * table dropped meanwhile) is left for the next one: upkeep never stops the database.
 */
export async function keepMaintained(client: PGlite): Promise<() => void> {
  const maintain = () => maintainGrownTables(client).catch(() => undefined);
  await maintain();
  const timer = setInterval(() => void maintain(), MAINTAIN_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
