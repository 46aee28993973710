import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { imageSize } from 'image-size';
import { MSG } from '@camposanto/domain';
import { AppError } from './app-error';
import { detectFileType, type DetectedType } from './file-types';

/** A received file: on disk in a temporary file (never whole in memory), its type decided by its content. */
export type UploadedFile = {
  field: string;
  filename: string;
  /** The temporary file; storage moves it into place, and what is left is removed after the answer. */
  path: string;
  size: number;
  /** Undefined when the content is of no known type: each route refuses it with its own message. */
  type: DetectedType | undefined;
};

// Enough of the start of a file for its signature, the text check and the image headers (a JPEG's size
// comes after its EXIF and colour-profile segments); image-size reads as much from a file.
const HEAD_BYTES = 512 * 1024;
// DESIGN §5 Uploads / issue 11 #8: a small file can unpack into an enormous bitmap in every viewer.
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Streams one file part to `target`, counting its size and keeping only its first bytes to decide its type
 * and, for an image, its dimensions. Memory per file is bounded by HEAD_BYTES whatever the file's size.
 */
export async function receiveFile(
  source: Readable,
  target: string,
  maxBytes: number,
): Promise<{ size: number; type: DetectedType | undefined }> {
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  await pipeline(
    source,
    async function* check(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', MSG.archivoDemasiadoGrande(maxBytes));
        if (headLength < HEAD_BYTES) {
          head.push(chunk);
          headLength += chunk.length;
        }
        yield chunk;
      }
    },
    createWriteStream(target, { mode: 0o600 }),
  );
  const start = Buffer.concat(head).subarray(0, HEAD_BYTES);
  const type = size > 0 ? detectFileType(start) : undefined;
  if (type?.kind === 'image') checkDimensions(start);
  return { size, type };
}

/** Refuses an image over MAX_IMAGE_PIXELS (413), or one whose header gives no dimensions (415). */
function checkDimensions(start: Buffer) {
  let pixels: number;
  try {
    const { width, height } = imageSize(start);
    pixels = width * height;
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.imagenIlegible);
  }
  if (!Number.isFinite(pixels) || pixels <= 0)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.imagenIlegible);
  if (pixels > MAX_IMAGE_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', MSG.imagenDemasiadoGrande);
}
