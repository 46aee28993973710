import { readdirSync } from 'node:fs';
import path from 'node:path';

export type FilePart = { field: string; filename: string; content: string | Buffer; type?: string };
export type TextPart = { field: string; value: string };

/**
 * A multipart/form-data body for `app.inject`, encoded by the platform's own FormData (as a browser
 * would send it): the payload bytes and the content-type header with its boundary.
 */
export async function multipartBody(
  parts: (FilePart | TextPart)[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.field, part.value);
    else {
      const bytes = typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : part.content;
      const blob = new Blob([new Uint8Array(bytes)], { type: part.type ?? 'application/octet-stream' });
      form.append(part.field, blob, part.filename);
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A CSV file in the `file` field, as the inventory screens upload it. */
export const csvFile = (content: string, filename = 'inventario.csv'): FilePart => ({
  field: 'file',
  filename,
  content,
  type: 'text/csv',
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff, 0xe0];

/** Bytes that start like a PNG (or JPEG) image, padded to `size`: the server checks the signature only. */
export function imageBytes(kind: 'png' | 'jpeg' = 'png', size = 256): Buffer {
  const bytes = Buffer.alloc(size, 0x2a);
  Buffer.from(kind === 'png' ? PNG_SIGNATURE : JPEG_SIGNATURE).copy(bytes);
  return bytes;
}

/** Every file under a folder (recursively), as paths relative to it; [] when the folder does not exist. */
export function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
