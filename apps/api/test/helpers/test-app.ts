import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { openDatabase, type Database, type Db } from '../../src/db/client';
import { createMigratedDatabase } from './pg-template';
import { openMigratedPglite } from './pglite-template';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  driver: 'pglite' | 'postgres';
  /** The PostgreSQL database of this app (undefined on PGlite), for another instance on it (`sharedWith`). */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
};

/**
 * A fresh application on a fresh database: PGlite in memory, or, when DATABASE_URL is set, a new
 * PostgreSQL database of its own (dropped on close), so test files never see each other's data.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    fetchRate?: typeof fetch;
    /** Fastify's logger option (silent by default), to read what the server logs. */
    logger?: FastifyServerOptions['logger'];
    /** Runs on the built app before `ready`, e.g. to register a route only a test needs. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    /**
     * Issue 16: another instance on the database of this one (PostgreSQL: its own pool on the same database;
     * PGlite: the same client). Closing it leaves that database to its owner, which must be closed last.
     */
    sharedWith?: TestApp;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camposanto-test-'));
  const shared = options.sharedWith;
  const baseUrl = shared ? undefined : process.env.DATABASE_URL;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    // No test reaches the official-rate service; a test that needs it passes its own RATE_URL and fetch.
    RATE_URL: '',
    // Every answer the suite reads is also checked against its zod schema (plugins/serializers.ts).
    VALIDATE_RESPONSES: 'true',
    ...options.env,
  });
  let dropDatabase = async () => undefined as void;
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const name = `camposanto_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await createMigratedDatabase(baseUrl, name);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      // pg's pool.end() resolves before its sockets are closed; a forced drop would kill them mid-close.
      await waitUntilUnused(baseUrl, name);
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const database: Pick<Database, 'db' | 'driver' | 'close'> = shared
    ? await openShared(shared)
    : databaseUrl
      ? await openDatabase({ databaseUrl })
      : await openMigratedPglite();
  const app = await buildApp({
    config,
    db: database.db,
    fetchRate: options.fetchRate,
    logger: options.logger ?? false,
  });
  await options.beforeReady?.(app);
  await app.ready();
  const testApp: TestApp = {
    app,
    db: database.db,
    config,
    driver: database.driver,
    databaseUrl: shared ? shared.databaseUrl : databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** The database of another test app: a pool of its own on PostgreSQL, the same client on PGlite. */
async function openShared(owner: TestApp): Promise<Pick<Database, 'db' | 'driver' | 'close'>> {
  if (owner.databaseUrl) return openDatabase({ databaseUrl: owner.databaseUrl });
  return { db: owner.db, driver: owner.driver, close: async () => undefined };
}

async function adminQuery(url: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

async function waitUntilUnused(url: string, database: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const result = await adminQuery(
      url,
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [database],
    );
    if ((result.rows[0] as { n: number }).n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
