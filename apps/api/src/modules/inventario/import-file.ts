import { readFile } from 'node:fs/promises';
import { decodeText } from '../../lib/file-types';
import { AppError, badRequest } from '../../lib/app-error';
import { ImportError, MSG } from '@camposanto/domain';
import type { MultipartBody } from '../../lib/multipart';

/** The CSV text of the `file` part, refused (415) when its content is not text, whatever its name. */
export async function csvTextOf(body: MultipartBody): Promise<string> {
  const file = body.files.find((part) => part.field === 'file');
  if (!file) throw badRequest(MSG.csvInvalido);
  if (file.type?.kind !== 'text') throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.csvInvalido);
  return decodeText(await readFile(file.path));
}

/** Runs a domain parser and turns its line errors into a 400 that names the line. */
export function parseOrRefuse<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ImportError) throw badRequest(error.message);
    throw error;
  }
}
