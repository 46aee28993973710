import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { openDatabase } from '../../db/client';
import { DataDirLockedError, lockDataDir } from '../../lib/data-dir-lock';
import { DiskStorage } from '../../lib/storage';
import {
  dumpInstallation,
  loadInstallation,
  stagingFolder,
  unpackBackup,
  writeBackup,
  type Source,
} from './archive';
import { loadDatabase } from './database';
import { verifyStoredFiles, type BackupStorage } from './files';
import { BACKUP_MESSAGES, BackupError, type Manifest } from './manifest';

// The commands behind `npm run backup`, `npm run restore` and `npm run migrate-to-postgres` (scripts/*.ts parse
// the arguments and print). DATA_DIR and DATABASE_URL mean what they mean to the server (decision 026).

export type Installation = {
  dataDir: string;
  databaseUrl?: string;
  /** The uploads' store (STORAGE_URL); DATA_DIR/uploads on disk when not given. */
  storage?: BackupStorage;
};

const uploadsOf = (where: Installation) =>
  where.storage ?? new DiskStorage(path.join(where.dataDir, 'uploads'));

/**
 * Opens an installation as the server does (migrations applied), the embedded one under its DATA_DIR lock:
 * refused while a server holds it (DataDirLockedError).
 */
async function withInstallation<T>(where: Installation, run: (source: Source) => Promise<T>): Promise<T> {
  await mkdir(where.dataDir, { recursive: true });
  const release = where.databaseUrl ? () => undefined : lockDataDir(where.dataDir);
  try {
    const database = await openDatabase(
      where.databaseUrl ? { databaseUrl: where.databaseUrl } : { dataDir: path.join(where.dataDir, 'db') },
    );
    try {
      return await run({ db: database.db, driver: database.driver, storage: uploadsOf(where) });
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/**
 * `npm run backup`: PostgreSQL is read directly (one repeatable-read snapshot beside the running servers); an
 * embedded database is read directly when no server holds DATA_DIR, else through the running server's admin
 * route (PGlite belongs to one process), signing in with `server.username` and `server.password`.
 */
export async function backupCommand(
  where: Installation,
  out: string,
  server?: { url: string; username?: string; password?: string },
): Promise<{ via: 'directo' | 'servidor'; manifest?: Manifest }> {
  try {
    return { via: 'directo', manifest: await withInstallation(where, (source) => writeBackup(source, out)) };
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || !server) throw error;
  }
  if (!server.username || !server.password) throw new BackupError(BACKUP_MESSAGES.servidorSinCredenciales);
  await backupThroughServer({ ...server, username: server.username, password: server.password }, out);
  return { via: 'servidor' };
}

/** Signs in as an administrator and saves GET /api/v1/admin/respaldo to `out`. */
export async function backupThroughServer(
  server: { url: string; username: string; password: string },
  out: string,
): Promise<void> {
  const base = server.url.replace(/\/+$/, '');
  let token: string;
  try {
    const login = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: server.username, password: server.password }).toString(),
    });
    if (!login.ok) throw new BackupError(BACKUP_MESSAGES.servidorRechazo(login.status));
    token = ((await login.json()) as { access_token: string }).access_token;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(BACKUP_MESSAGES.servidorInalcanzable(base));
  }
  const answer = await fetch(`${base}/api/v1/admin/respaldo`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!answer.ok || !answer.body) throw new BackupError(BACKUP_MESSAGES.servidorRechazo(answer.status));
  try {
    await pipeline(
      Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>),
      createWriteStream(out, { mode: 0o600 }),
    );
  } catch (error) {
    await rm(out, { force: true });
    throw error;
  }
}

/** `npm run restore FILE`: into an empty DATA_DIR (PGlite) or an empty PostgreSQL database. */
export async function restoreCommand(where: Installation, file: string): Promise<Manifest> {
  const { folder, manifest } = await unpackBackup(file);
  try {
    await withInstallation(where, (target) => loadInstallation(target, folder, manifest));
    return manifest;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * `npm run migrate-to-postgres`: copies the embedded installation of `dataDir` (rows, summaries, sequences) into
 * an empty PostgreSQL database. The files stay in their store, where the server on PostgreSQL reads them (each is
 * checked against its sha256), or are copied into `uploadsTo` (an empty store: another folder, S3) when given.
 */
export async function migrateToPostgres(options: {
  dataDir: string;
  databaseUrl: string;
  /** The embedded installation's store, DATA_DIR/uploads when not given. */
  storage?: BackupStorage;
  /** Where the server on PostgreSQL will keep its files, when not in the same store (an empty one). */
  uploadsTo?: BackupStorage;
}): Promise<Manifest> {
  return withInstallation({ dataDir: options.dataDir, storage: options.storage }, async (source) => {
    const folder = await stagingFolder(options.dataDir);
    try {
      const manifest = await dumpInstallation(source, folder);
      const target = await openDatabase({ databaseUrl: options.databaseUrl });
      try {
        if (options.uploadsTo) {
          await loadInstallation(
            { db: target.db, driver: target.driver, storage: options.uploadsTo },
            folder,
            manifest,
          );
        } else {
          await loadDatabase(target.db, folder, manifest);
          await verifyStoredFiles(source.storage, manifest.archivos);
        }
      } finally {
        await target.close();
      }
      return manifest;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
}
