// The bench's two databases: PostgreSQL (DATABASE_URL; created when missing, refused when it holds other data)
// and PGlite in a data folder. Each is migrated by the application's own code, then filled by the generator.
import { PGlite } from '@electric-sql/pglite';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, PGLITE_OPTIONS } from '../../apps/api/src/db/client';
import { generateDataset, type DatasetSize } from './dataset';
import type { Query } from './load';

type Queryable = { query: (text: string) => Promise<{ rows: unknown[] }> };

/**
 * What the database holds: 'empty' (no tables or no rows), 'same' (a bench data set of this size and team) or
 * 'other'. The catalogue the server seeds does not count.
 */
async function contentOf(client: Queryable, size: DatasetSize): Promise<'empty' | 'same' | 'other'> {
  const [table] = (await client.query(`select to_regclass('public.solicitudes') as name`)).rows as {
    name: string | null;
  }[];
  if (!table?.name) return 'empty';
  const [counts] = (
    await client.query(
      `select (select count(*) from solicitudes)::int as requests, (select count(*) from usuarios)::int as users,
        (select count(*) from usuarios where rol = 'vendedor')::int as sellers`,
    )
  ).rows as { requests: number; users: number; sellers: number }[];
  if (!counts || (counts.requests === 0 && counts.users === 0)) return 'empty';
  return counts.requests === size.requests && counts.sellers === size.sellers ? 'same' : 'other';
}

function refuse(where: string, content: 'same' | 'other'): never {
  throw new Error(
    content === 'same'
      ? `${where} already holds a bench data set of this size: set BENCH_REUSE=1 to bench it again, or give an empty database.`
      : `${where} is not empty and does not hold a bench data set of this size: the bench only writes to an empty (or new) database.`,
  );
}

/** Creates the database DATABASE_URL names when it does not exist. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      console.info(`  created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** Fills the PostgreSQL database; returns the generation time in seconds, or undefined when reused. */
export async function preparePostgres(url: string, size: DatasetSize, isReuse: boolean) {
  await ensurePostgresDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const content = await contentOf(client, size);
    if (content === 'same' && isReuse) return undefined;
    if (content !== 'empty') refuse(`DATABASE_URL (${new URL(url).pathname.slice(1)})`, content);
    await (await openDatabase({ databaseUrl: url })).close();
    const seconds = await generateDataset(async (text) => void (await client.query(text)), size, 'postgres');
    // Autovacuum would get there within minutes of the load: the visibility map it keeps lets the lists' index-only
    // scans skip the table. Measured right after the bulk load they read it, and active contracts took a third longer.
    // PGlite runs no autovacuum, so its data set stays as the product leaves it.
    const vacuumStarted = performance.now();
    await client.query('vacuum');
    const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
    console.info(`  [postgres] vacuum: ${vacuumSeconds.toFixed(1)} s`);
    return seconds + vacuumSeconds;
  } finally {
    await client.end();
  }
}

/** Fills the PGlite data folder `dbDir`; returns the generation time in seconds, or undefined when reused. */
export async function preparePglite(dbDir: string, size: DatasetSize, isReuse: boolean) {
  if (existsSync(dbDir)) {
    const existing = await PGlite.create(dbDir, PGLITE_OPTIONS);
    const content = await contentOf(existing, size).finally(() => existing.close());
    if (content === 'same' && isReuse) return undefined;
    if (content !== 'empty') refuse(`The PGlite folder ${dbDir}`, content);
  }
  await (await openDatabase({ dataDir: dbDir })).close();
  const client = await PGlite.create(dbDir, PGLITE_OPTIONS);
  try {
    return await generateDataset(async (text) => void (await client.exec(text)), size, 'pglite');
  } finally {
    await client.close();
  }
}

/** The floor's connection: node-postgres with the server's pool size, or PGlite on the same folder. */
export async function openFloor(
  target: { driver: 'postgres'; url: string } | { driver: 'pglite'; dbDir: string },
): Promise<{ query: Query; close: () => Promise<void> }> {
  if (target.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const client = await PGlite.create(target.dbDir, PGLITE_OPTIONS);
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}
