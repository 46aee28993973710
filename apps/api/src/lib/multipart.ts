import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export type UploadedFile = { field: string; filename: string; bytes: Buffer };
export type MultipartBody = { files: UploadedFile[]; fields: Record<string, string> };

export const FILE_TOO_LARGE = (maxBytes: number) =>
  `El archivo supera el tamaño máximo permitido (${Math.round(maxBytes / (1024 * 1024))} MB).`;

/**
 * Reads a multipart request whole (files are bounded by UPLOAD_MAX_MB), so validation sees every part
 * before anything is written: a refused request leaves no file and no row.
 */
export async function readMultipart(request: FastifyRequest, maxBytes: number): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Se esperaba un formulario multipart.');
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE(maxBytes));
        throw error;
      });
      if (bytes.length > 0) files.push({ field: part.fieldname, filename: part.filename, bytes });
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  return { files, fields };
}
