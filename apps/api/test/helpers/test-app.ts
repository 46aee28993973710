import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { openDatabase, type Db } from '../../src/db/client';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  driver: 'pglite' | 'postgres';
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
    /** Runs on the built app before `ready`, e.g. to register a route only a test needs. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camposanto-test-'));
  const baseUrl = process.env.DATABASE_URL;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  let dropDatabase = async () => undefined as void;
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const name = `camposanto_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(baseUrl, `create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ databaseUrl });
  const app = await buildApp({ config, db: database.db, fetchRate: options.fetchRate });
  await options.beforeReady?.(app);
  await app.ready();
  const testApp: TestApp = {
    app,
    db: database.db,
    config,
    driver: database.driver,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
