import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create, extract } from 'tar';
import type { Db } from '../../db/client';
import { dumpDatabase, loadDatabase, nonEmptyTables } from './database';
import { checkUnpacked, countStoredFiles, dumpFiles, loadFiles, type BackupStorage } from './files';
import { ARCHIVE_VERSION, BACKUP_MESSAGES, BackupError, manifestSchema, type Manifest } from './manifest';

export type Source = { db: Db; driver: 'pglite' | 'postgres'; storage: BackupStorage };

/** A staging folder beside `near` (same disk as the archive), removed by the caller. */
export const stagingFolder = (near: string) => mkdtemp(path.join(near, '.respaldo-'));

/**
 * Dumps the database (one snapshot) and then the stored files into `folder`, and writes `manifest.json`. The
 * files are read after the snapshot: a file uploaded meanwhile is in the archive without its row (harmless).
 */
export async function dumpInstallation(source: Source, folder: string): Promise<Manifest> {
  const database = await dumpDatabase(source.db, folder);
  const archivos = await dumpFiles(source.storage, folder);
  const manifest: Manifest = {
    formato: 'camposanto-respaldo',
    version: ARCHIVE_VERSION,
    creado: new Date().toISOString(),
    motor: source.driver,
    ...database,
    archivos,
  };
  await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', {
    mode: 0o600,
  });
  return manifest;
}

/** `npm run backup` and the admin route: one `.tar.gz` with manifest.json, db/*.jsonl and files/ (decision 026). */
export async function writeBackup(source: Source, out: string): Promise<Manifest> {
  const folder = await stagingFolder(path.dirname(path.resolve(out)));
  try {
    const manifest = await dumpInstallation(source, folder);
    await create({ gzip: true, portable: true, file: out, cwd: folder, mode: 0o600 }, [
      'manifest.json',
      'db',
      ...(manifest.archivos.length > 0 ? ['files'] : []),
    ]);
    return manifest;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Reads and checks `manifest.json` of an unpacked archive. */
export async function readManifest(folder: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupError(BACKUP_MESSAGES.archivoInvalido('no tiene manifest.json legible'));
  }
  const version = (raw as { version?: unknown } | null)?.version;
  if (version !== ARCHIVE_VERSION) throw new BackupError(BACKUP_MESSAGES.versionDesconocida(version));
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupError(BACKUP_MESSAGES.archivoInvalido('su manifest.json no es válido'));
  return parsed.data;
}

/**
 * Loads an unpacked installation into an empty target: refuses work rows or stored files with a Spanish message
 * before writing anything, loads the database in one transaction, then the files, each compared by sha256.
 */
export async function loadInstallation(target: Source, folder: string, manifest: Manifest): Promise<void> {
  const busy = await nonEmptyTables(target.db);
  if (busy.length > 0) throw new BackupError(BACKUP_MESSAGES.baseNoVacia(busy));
  const stored = await countStoredFiles(target.storage);
  if (stored > 0) throw new BackupError(BACKUP_MESSAGES.archivosNoVacios(stored));
  await loadDatabase(target.db, folder, manifest);
  await loadFiles(target.storage, folder, manifest.archivos);
}

/**
 * Unpacks an archive beside it and checks its manifest and every table's and file's sha256, before any target
 * is touched. The caller removes the returned folder.
 */
export async function unpackBackup(file: string): Promise<{ folder: string; manifest: Manifest }> {
  const folder = await stagingFolder(path.dirname(path.resolve(file)));
  try {
    try {
      await extract({ file, cwd: folder, strict: true });
    } catch {
      throw new BackupError(BACKUP_MESSAGES.archivoInvalido('no es un .tar.gz legible'));
    }
    const manifest = await readManifest(folder);
    await checkUnpacked(folder, manifest);
    return { folder, manifest };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/** `npm run restore`: `unpackBackup`, then `loadInstallation` into `target`. */
export async function restoreBackup(target: Source, file: string): Promise<Manifest> {
  const { folder, manifest } = await unpackBackup(file);
  try {
    await loadInstallation(target, folder, manifest);
    return manifest;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
