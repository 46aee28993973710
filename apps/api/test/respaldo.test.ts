import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { auditoria } from '../src/db/schema';
import { DiskStorage } from '../src/lib/storage';
import { writeBackup } from '../src/modules/respaldo/archive';
import { migrateToPostgres, restoreCommand } from '../src/modules/respaldo/commands';
import { tableCounts } from '../src/modules/respaldo/database';
import { storedSha256, type BackupStorage } from '../src/modules/respaldo/files';
import { BackupError } from '../src/modules/respaldo/manifest';
import { seedCatalogue } from '../src/seed/catalogue';
import { seedDemo } from '../src/seed/demo';
import { bearer } from './helpers/auth';
import { expectStatus, payCuota, paymentSetup, pngReceipt, reportPayment } from './helpers/payment-fixtures';
import { convert, expectConverted, instalmentsOf, postRequest } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 16 (decision 026): a backup restored into an empty DATA_DIR (and, with DATABASE_URL, into a new
// PostgreSQL database) holds the same rows in every table, the same files byte for byte, and answers the same
// dashboard and income summary; an embedded installation moved to PostgreSQL answers the same figures.

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const baseUrl = process.env.DATABASE_URL;
const onPostgres = baseUrl ? it : it.skip;

let t: TestApp;
let admin: string;
let work: string;
let archive: string;
const databases: string[] = [];

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new empty PostgreSQL database (dropped after the file). */
async function newDatabase(): Promise<string> {
  const name = `camposanto_respaldo_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`create database ${name}`);
  databases.push(name);
  const url = new URL(baseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The application on an installation, as the server opens it. */
async function openInstallation(
  dataDir: string,
  databaseUrl?: string,
): Promise<{ app: FastifyInstance; database: Database; close: () => Promise<void> }> {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'silent', RATE_URL: '' });
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** What a user sees of the money: the welcome cards and the income summary. */
async function businessFigures(app: FastifyInstance, token: string) {
  const dashboard = expectStatus(
    await app.inject({ method: 'GET', url: '/api/v1/vendedores/ventas/dashboard', headers: bearer(token) }),
    200,
  ).json<unknown>();
  const income = expectStatus(
    await app.inject({
      method: 'GET',
      url: '/api/v1/admin/historial-ingresos-resumen',
      headers: bearer(token),
    }),
    200,
  ).json<unknown>();
  return { dashboard, income };
}

async function fileSums(storage: BackupStorage): Promise<Record<string, string | undefined>> {
  const sums: Record<string, string | undefined> = {};
  for await (const ruta of storage.list()) sums[ruta] = await storedSha256(storage, ruta);
  return sums;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'camposanto-respaldo-'));
  archive = path.join(work, 'respaldo.tar.gz');
  t = await createTestApp();
  const setup = await paymentSetup(t, { rate: 40 });
  admin = setup.admin;
  // A financed contract with its initial payment and one instalment paid, each with a receipt, and a cash request
  // paid in bolívares: requests, a contract, instalments, payments, files and audit rows.
  const financed = await postRequest(t.app, setup.seller.token, setup.client.id, {
    plan: setup.cremacion,
    modalidad: 'Financiado',
    metodo: 'USD',
    cuotas: 6,
    pagoInicial: 200,
  });
  expectStatus(
    await reportPayment(t.app, setup.seller.token, { solicitud_id: financed.id, metodoPago: 'USD' }, [
      pngReceipt('comprobante_usd'),
    ]),
    200,
  );
  expectConverted(await convert(t.app, admin, financed.id));
  const [first] = await instalmentsOf(t.db, financed.id);
  expectStatus(
    await payCuota(
      t.app,
      setup.seller.token,
      { cuota_id: first!.id, metodo_pago: 'USD', monto_usd: String(first!.monto) },
      [pngReceipt('comprobante_usd')],
    ),
    200,
  );
  const cash = await postRequest(t.app, setup.seller.token, setup.client.id, {
    plan: setup.cremacion,
    modalidad: 'De Contado',
    metodo: 'USD',
  });
  expectStatus(
    await reportPayment(t.app, setup.seller.token, { solicitud_id: cash.id, metodoPago: 'USD' }, [
      pngReceipt('comprobante_usd'),
    ]),
    200,
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
  for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore (issue 16)', () => {
  let before: Awaited<ReturnType<typeof businessFigures>>;
  let counts: Record<string, number>;
  let sums: Record<string, string | undefined>;
  let restoredDir: string;

  it('writes one archive with a manifest of every table and every stored file', async () => {
    before = await businessFigures(t.app, admin);
    counts = await tableCounts(t.db);
    sums = await fileSums(t.app.storage);
    expect(Object.keys(sums).length).toBeGreaterThanOrEqual(3);
    expect(counts.pagos).toBeGreaterThanOrEqual(3);
    expect(counts.auditoria).toBeGreaterThan(0);

    const manifest = await writeBackup({ db: t.db, driver: t.driver, storage: t.app.storage }, archive);
    expect(manifest.motor).toBe(t.driver);
    expect(Object.fromEntries(manifest.tablas.map((table) => [table.nombre, table.filas]))).toEqual(counts);
    expect(Object.fromEntries(manifest.archivos.map((file) => [file.ruta, file.sha256]))).toEqual(sums);
    expect(manifest.migraciones.length).toBeGreaterThan(0);
  });

  it('restores into an empty DATA_DIR (PGlite): same rows in every table, same files, same figures', async () => {
    restoredDir = path.join(work, 'restaurado');
    await restoreCommand({ dataDir: restoredDir }, archive);
    const restored = await openInstallation(restoredDir);
    try {
      expect(await tableCounts(restored.database.db)).toEqual(counts);
      expect(await fileSums(restored.app.storage)).toEqual(sums);
      expect(await businessFigures(restored.app, admin)).toEqual(before);
      // The sequences go on after the restored ids: a new row does not collide.
      expectStatus(
        await restored.app.inject({
          method: 'PUT',
          url: '/api/v1/tasa-cambio',
          headers: bearer(admin),
          payload: { promedio: 41 },
        }),
        200,
      );
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('refuses a DATA_DIR that already has data, with a Spanish message, and changes nothing', async () => {
    const error = await restoreCommand({ dataDir: restoredDir }, archive).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(
      /^La base de datos de destino no está vacía \(tiene filas en usuarios/,
    );
  }, 30_000);

  it('refuses a damaged archive with a Spanish message', async () => {
    const broken = path.join(work, 'roto.tar.gz');
    writeFileSync(broken, gunzipSync(readFileSync(archive)).subarray(0, 700));
    const error = await restoreCommand({ dataDir: path.join(work, 'otro') }, broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/^El archivo no es un respaldo de Camposanto válido/);
  }, 30_000);

  onPostgres(
    'restores into an empty PostgreSQL database: same rows, files and figures',
    async () => {
      const url = await newDatabase();
      const dataDir = path.join(work, 'restaurado-pg');
      await restoreCommand({ dataDir, databaseUrl: url }, archive);
      const restored = await openInstallation(dataDir, url);
      try {
        expect(await tableCounts(restored.database.db)).toEqual(counts);
        expect(await fileSums(restored.app.storage)).toEqual(sums);
        expect(await businessFigures(restored.app, admin)).toEqual(before);
      } finally {
        await restored.close();
      }
    },
    60_000,
  );

  onPostgres(
    'moves an embedded installation made by the demo to PostgreSQL with the same figures',
    async () => {
      // The restored embedded installation, with the demo's users, account and rate on top.
      const embedded = await openInstallation(restoredDir);
      let figures: Awaited<ReturnType<typeof businessFigures>>;
      let embeddedCounts: Record<string, number>;
      try {
        await seedDemo({ db: embedded.database.db });
        figures = await businessFigures(embedded.app, admin);
        embeddedCounts = await tableCounts(embedded.database.db);
      } finally {
        await embedded.close();
      }
      // The target may have been started once: the catalogue and its audit row do not make it "not empty".
      const url = await newDatabase();
      const started = await openDatabase({ databaseUrl: url });
      await seedCatalogue({ db: started.db });
      await started.close();
      const manifest = await migrateToPostgres({ dataDir: restoredDir, databaseUrl: url });
      expect(manifest.motor).toBe('pglite');
      const moved = await openInstallation(restoredDir, url);
      try {
        expect(await tableCounts(moved.database.db)).toEqual(embeddedCounts);
        expect(await businessFigures(moved.app, admin)).toEqual(figures);
        expect(await fileSums(new DiskStorage(path.join(restoredDir, 'uploads')))).toEqual(sums);
      } finally {
        await moved.close();
      }
      // A second run finds the database full and stops before writing.
      await expect(migrateToPostgres({ dataDir: restoredDir, databaseUrl: url })).rejects.toThrow(
        /no está vacía/,
      );
    },
    60_000,
  );
});

describe('GET /api/v1/admin/respaldo', () => {
  it('gives an administrator the archive as a download, audited', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/respaldo',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="camposanto-respaldo-/);
    const tarText = gunzipSync(response.rawPayload).toString('latin1');
    expect(tarText).toContain('"formato": "camposanto-respaldo"');
    const [entry] = await t.db
      .select({ usuarioId: auditoria.usuarioId })
      .from(auditoria)
      .where(eq(auditoria.accion, 'descargar_respaldo'));
    expect(entry?.usuarioId).toBeTypeOf('number');
  });
});
