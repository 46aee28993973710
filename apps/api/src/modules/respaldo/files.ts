import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileSha256 } from './database';
import { BACKUP_MESSAGES, BackupError, type Manifest } from './manifest';

/** What backup and restore need of the uploads' store (lib/storage.ts: on disk or S3). */
export type BackupStorage = {
  /** Every stored file's path relative to the store's root (temporary uploads excluded). */
  list(): AsyncIterable<string>;
  /** A stream of the file, or undefined when it is gone. */
  open(relativePath: string): Promise<Readable | undefined>;
  /** Writes a file under that relative path. */
  put(relativePath: string, body: Readable, size: number): Promise<unknown>;
};

export type FileEntry = Manifest['archivos'][number];

/** Where a stored file goes inside the archive; the relative path is checked to stay under `files/`. */
function archivedPath(folder: string, relativePath: string): string {
  const root = path.resolve(folder, 'files');
  const target = path.resolve(root, relativePath);
  if (!target.startsWith(root + path.sep))
    throw new BackupError(BACKUP_MESSAGES.archivoInvalido(relativePath));
  return target;
}

/**
 * Copies every stored file to `files/<relative path>` while hashing it. A file removed between the listing and
 * its reading (a replaced document) is left out: the database snapshot, taken before, may still name it.
 */
export async function dumpFiles(storage: BackupStorage, folder: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for await (const ruta of storage.list()) {
    const stream = await storage.open(ruta);
    if (!stream) continue;
    const target = archivedPath(folder, ruta);
    await mkdir(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let bytes = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(stream, measure, createWriteStream(target, { mode: 0o600 }));
    entries.push({ ruta, bytes, sha256: hash.digest('hex') });
  }
  return entries.sort((a, b) => (a.ruta < b.ruta ? -1 : a.ruta > b.ruta ? 1 : 0));
}

/** How many files the store holds (a restore wants none). */
export async function countStoredFiles(storage: BackupStorage): Promise<number> {
  let count = 0;
  for await (const _ of storage.list()) count += 1;
  return count;
}

/** SHA-256 of a stored file as the store serves it back (undefined when it is not there). */
export async function storedSha256(storage: BackupStorage, ruta: string): Promise<string | undefined> {
  const stream = await storage.open(ruta);
  if (!stream) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Puts every archived file into the store after checking it against the manifest, then reads each back from
 * the store and compares its sha256 again.
 */
export async function loadFiles(storage: BackupStorage, folder: string, files: FileEntry[]): Promise<void> {
  for (const file of files) {
    const source = archivedPath(folder, file.ruta);
    if ((await fileSha256(source).catch(() => undefined)) !== file.sha256)
      throw new BackupError(BACKUP_MESSAGES.sumaArchivo(file.ruta));
    await storage.put(file.ruta, createReadStream(source), file.bytes);
  }
  await verifyStoredFiles(storage, files);
}

/** Every table's JSON lines and every file of an unpacked archive against the manifest's sha256. */
export async function checkUnpacked(folder: string, manifest: Manifest): Promise<void> {
  for (const table of manifest.tablas) {
    const file = path.join(folder, 'db', `${table.nombre}.jsonl`);
    if ((await fileSha256(file).catch(() => undefined)) !== table.sha256)
      throw new BackupError(BACKUP_MESSAGES.sumaTabla(table.nombre));
  }
  for (const file of manifest.archivos) {
    if ((await fileSha256(archivedPath(folder, file.ruta)).catch(() => undefined)) !== file.sha256)
      throw new BackupError(BACKUP_MESSAGES.sumaArchivo(file.ruta));
  }
}

export async function verifyStoredFiles(storage: BackupStorage, files: FileEntry[]): Promise<void> {
  for (const file of files) {
    if ((await storedSha256(storage, file.ruta)) !== file.sha256)
      throw new BackupError(BACKUP_MESSAGES.copiaDistinta(file.ruta));
  }
}
