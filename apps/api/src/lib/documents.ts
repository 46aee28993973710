import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import type { FILE_CATEGORIES } from '../db/schema';
import { archivos } from '../db/schema';
import { AppError, notFound } from './app-error';
import { detectFileType, type DetectedType } from './file-types';
import type { UploadedFile } from './multipart';
import type { FileStorage, StoredFile } from './storage';

export type Category = (typeof FILE_CATEGORIES)[number];
export type CheckedFile = { file: UploadedFile; type: DetectedType };

/** Checks an upload by content; refused with 415 and the given Spanish message. */
export function checkFile(file: UploadedFile, kinds: DetectedType['kind'][], message: string): CheckedFile {
  const type = detectFileType(file.bytes);
  if (!type || !kinds.includes(type.kind)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', message);
  return { file, type };
}

/**
 * Writes checked files, then runs `work` (a transaction that records them with `recordFile`). When the work
 * fails the written files are removed, so a refused request leaves no file and no row (DESIGN §5 Uploads).
 */
export async function withStoredFiles<T>(
  storage: FileStorage,
  folder: string,
  files: CheckedFile[],
  work: (stored: StoredFile[]) => Promise<T>,
): Promise<T> {
  const stored: StoredFile[] = [];
  try {
    for (const { file, type } of files) stored.push(await storage.save(file.bytes, type, folder));
    return await work(stored);
  } catch (error) {
    await Promise.all(stored.map((file) => storage.remove(file.relativePath)));
    throw error;
  }
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
    nombreOriginal: original.filename.slice(0, 200),
    tipoMime: stored.mime,
    tamano: stored.size,
    subidoPor: userId,
  });
}

/**
 * Streams a stored file to an authorised caller; personal documents are never public files. A file gone from
 * disk answers 404 (`missingMessage`) before any header of the file is set.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { rutaAlmacenada: string; tipoMime: string; nombreOriginal: string },
  missingMessage = 'El archivo solicitado no se encuentra disponible.',
) {
  const stream = await storage.open(file.rutaAlmacenada);
  if (!stream) throw notFound(missingMessage);
  const name = encodeURIComponent(file.nombreOriginal);
  return reply
    .header('content-type', file.tipoMime)
    .header('content-disposition', `inline; filename*=UTF-8''${name}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
