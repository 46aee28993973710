import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { migrationsHash } from './pglite-template';

// As on PGlite (pglite-template.ts): running every migration on a new PostgreSQL database took 1.9 s per test
// file; copying a migrated template database takes a fraction of it. The template is made once per version of
// the migrations, under an advisory lock so that the workers racing for it wait for the first one.

const TEMPLATE_PREFIX = 'camposanto_plantilla_';
// Any constant works: it only has to be the same for every worker.
const TEMPLATE_LOCK_KEY = 724_312;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const urlOf = (baseUrl: string, database: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** The migrated template of this version of the migrations, made when missing; older ones are dropped. */
async function ensureTemplate(baseUrl: string): Promise<string> {
  const template = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  await withClient(baseUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return;
      await client.query(`create database ${template}`);
      try {
        const database = await openDatabase({ databaseUrl: urlOf(baseUrl, template) });
        await database.close();
      } catch (error) {
        await client.query(`drop database if exists ${template} with (force)`);
        throw error;
      }
      const old = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1 and datname <> $2',
        [`${TEMPLATE_PREFIX}%`, template],
      );
      for (const { datname } of old.rows) {
        await client.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return template;
}

/** A new database `name` on the server of `baseUrl`, already migrated: a copy of the template. */
export async function createMigratedDatabase(baseUrl: string, name: string): Promise<void> {
  const template = await ensureTemplate(baseUrl);
  await withClient(baseUrl, (client) => client.query(`create database ${name} template ${template}`));
}
