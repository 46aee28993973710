import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@camposanto/domain';
import { AppError } from './app-error';
import { receiveFile, type UploadedFile } from './upload-file';
import { refuseNulCharacters } from './validation';

export type { UploadedFile } from './upload-file';
export type MultipartBody = { files: UploadedFile[]; fields: Record<string, string> };

/** What one route accepts: its file fields (names, or a pattern), how many files, how large each. */
export type MultipartRules = {
  maxBytes: number;
  fileFields: readonly string[] | RegExp;
  maxFiles: number;
};

// Room for the text fields and the multipart framing beside the files.
const FIELDS_ALLOWANCE = 1024 * 1024;
const MAX_FIELDS = 60;
const MAX_FIELD_BYTES = 100 * 1024;

// Temporary files of each request, removed when it is answered (an onSend hook in app.ts).
const temporaries = new WeakMap<FastifyRequest, string[]>();

/**
 * Reads a multipart request (issue 11 #7): a body larger than the route allows is refused from its
 * Content-Length, a file in a field the route does not know is refused before it is read, and each file is
 * streamed to a temporary file while its size and type are checked, so memory stays bounded. Validation sees
 * every part before anything is stored: a refused request leaves no file and no row.
 */
export async function readMultipart(request: FastifyRequest, rules: MultipartRules): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.multipartEsperado);
  const declared = Number(request.headers['content-length']);
  if (declared > rules.maxFiles * rules.maxBytes + FIELDS_ALLOWANCE)
    throw new AppError('PAYLOAD_TOO_LARGE', MSG.solicitudDemasiadoGrande);

  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const paths: string[] = [];
  temporaries.set(request, paths);
  const parts = request.parts({
    limits: {
      fileSize: rules.maxBytes,
      files: rules.maxFiles,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: rules.maxFiles + MAX_FIELDS,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (!accepts(rules.fileFields, part.fieldname))
        throw new AppError('BAD_REQUEST', MSG.campoArchivoNoAdmitido(part.fieldname));
      const path = await request.server.storage.temporaryPath();
      paths.push(path);
      const { size, type } = await receiveFile(part.file, path, rules.maxBytes);
      if (size > 0) files.push({ field: part.fieldname, filename: part.filename, path, size, type });
    }
  } catch (error) {
    await removeTemporaries(request);
    throw multipartError(error, rules);
  }
  // Names and texts are stored: a NUL would fail in the database (issue 11).
  refuseNulCharacters(fields, 'body');
  for (const file of files) refuseNulCharacters({ [file.field]: file.filename }, 'body');
  return { files, fields };
}

function accepts(fileFields: MultipartRules['fileFields'], name: string): boolean {
  return fileFields instanceof RegExp ? fileFields.test(name) : fileFields.includes(name);
}

/** Removes what a request received and storage did not move into place. */
export async function removeTemporaries(request: FastifyRequest): Promise<void> {
  const paths = temporaries.get(request);
  if (!paths?.length) return;
  temporaries.delete(request);
  await Promise.all(paths.map((path) => rm(path, { force: true })));
}

/**
 * The parser's own errors in Spanish: a file over the limit or too many files are 413, and a body without a
 * boundary or cut short (busboy's errors carry no code) is the client's fault, 400, never a 500 (issue 11).
 */
function multipartError(error: unknown, rules: MultipartRules): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', MSG.archivoDemasiadoGrande(rules.maxBytes));
  if (code === 'FST_FILES_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', MSG.demasiadosArchivos(rules.maxFiles));
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', MSG.solicitudDemasiadoGrande);
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new AppError('BAD_REQUEST', MSG.multipartMalFormado);
}
