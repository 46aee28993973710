import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { MSG } from '@camposanto/domain';
import type { Db } from '../db/client';
import type { FILE_CATEGORIES } from '../db/schema';
import { archivos } from '../db/schema';
import { AppError, notFound } from './app-error';
import type { DetectedType } from './file-types';
import type { UploadedFile } from './upload-file';
import type { FileStorage, StoredFile } from './storage';

export type Category = (typeof FILE_CATEGORIES)[number];
export type CheckedFile = { file: UploadedFile; type: DetectedType };

/** Checks an upload by its content's type (detected while it was received); 415 with the given message. */
export function checkFile(file: UploadedFile, kinds: DetectedType['kind'][], message: string): CheckedFile {
  const { type } = file;
  if (!type || !kinds.includes(type.kind)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', message);
  return { file, type };
}

/**
 * Writes checked files, then runs `work` (a transaction that records them with `recordFile`). When a write or
 * the work fails, the files already written are removed, so a refused request leaves no file and no row
 * (DESIGN §5 Uploads, issue 16 on S3): the error the client sees is the one that failed the request.
 */
export async function withStoredFiles<T>(
  storage: FileStorage,
  folder: string,
  files: CheckedFile[],
  work: (stored: StoredFile[]) => Promise<T>,
): Promise<T> {
  const stored: StoredFile[] = [];
  try {
    for (const { file, type } of files) stored.push(await storage.save(file, type, folder));
    return await work(stored);
  } catch (error) {
    await discardStoredFiles(
      storage,
      stored.map((file) => file.relativePath),
    );
    throw error;
  }
}

/**
 * Removes stored files whose rows are gone (replaced documents, logo, maps, once the change is committed) or
 * were never written. A removal that fails (the S3 store unreachable) leaves an unreferenced object and does
 * not fail the request: the change it follows is already committed, or the request's own error matters more.
 */
export async function discardStoredFiles(storage: FileStorage, relativePaths: string[]): Promise<void> {
  await Promise.allSettled(relativePaths.map((relativePath) => storage.remove(relativePath)));
}

export async function recordFile(
  tx: Db,
  stored: StoredFile,
  original: UploadedFile,
  categoria: Category,
  userId: number | null,
) {
  await tx.insert(archivos).values({
    id: stored.id,
    categoria,
    rutaAlmacenada: stored.relativePath,
    nombreOriginal: nameWithExtension(original.filename, stored.relativePath),
    tipoMime: stored.mime,
    tamano: stored.size,
    subidoPor: userId,
  });
}

/**
 * The client's file name with the extension of the detected type (issue 11 #8): `<script>.html` that is a
 * JPEG is kept, e-mailed and served as `_script_.jpg`. Characters that mean something to a shell, a path or a
 * header are replaced.
 */
export function nameWithExtension(clientName: string, storedPath: string): string {
  const extension = path.extname(storedPath);
  const base = path.basename(clientName.replace(/\\/g, '/'));
  const stem = (base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base)
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .trim()
    .slice(0, 150);
  return `${stem || 'archivo'}${extension}`;
}

/**
 * Streams a stored file to an authorised caller; personal documents are never public files. A file gone from
 * disk answers 404 (`missingMessage`) before any header of the file is set.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { rutaAlmacenada: string; tipoMime: string; nombreOriginal: string },
  missingMessage: string = MSG.archivoNoDisponible,
) {
  const stream = await storage.open(file.rutaAlmacenada);
  if (!stream) throw notFound(missingMessage);
  const name = encodeURIComponent(nameWithExtension(file.nombreOriginal, file.rutaAlmacenada));
  // Only images open in the browser; a PDF (which may carry /OpenAction scripts) is always downloaded.
  const disposition = file.tipoMime.startsWith('image/') ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.tipoMime)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${name}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
