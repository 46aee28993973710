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

/** The start of a PNG: signature and IHDR chunk (the CRC is not checked), width × height pixels. */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.set([8, 2, 0, 0, 0], 24);
  return header;
}

/** The start of a JPEG: SOI, a JFIF APP0 segment and a baseline frame header of width × height. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...Array<number>(9).fill(0)]);
}

/**
 * Bytes that start like a PNG (or JPEG) image of `width` × `height` pixels, padded to `size`: the server
 * reads the signature and the dimensions from the headers only.
 */
export function imageBytes(kind: 'png' | 'jpeg' = 'png', size = 256, width = 64, height = 48): Buffer {
  const header = kind === 'png' ? pngHeader(width, height) : jpegHeader(width, height);
  const bytes = Buffer.alloc(Math.max(size, header.length), 0x2a);
  header.copy(bytes);
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
