// DESIGN §5 Uploads: the type is decided by the content (magic bytes), never by the name or the header.
export type DetectedType = { mime: string; extension: string; kind: 'image' | 'pdf' | 'text' };

const SIGNATURES: { bytes: number[]; offset?: number; type: DetectedType }[] = [
  {
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    type: { mime: 'image/png', extension: 'png', kind: 'image' },
  },
  { bytes: [0xff, 0xd8, 0xff], type: { mime: 'image/jpeg', extension: 'jpg', kind: 'image' } },
  { bytes: [0x47, 0x49, 0x46, 0x38], type: { mime: 'image/gif', extension: 'gif', kind: 'image' } },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], type: { mime: 'application/pdf', extension: 'pdf', kind: 'pdf' } },
];

function startsWith(buffer: Buffer, bytes: number[], offset = 0): boolean {
  return bytes.every((byte, index) => buffer[offset + index] === byte);
}

export function detectFileType(buffer: Buffer): DetectedType | undefined {
  for (const signature of SIGNATURES) {
    if (startsWith(buffer, signature.bytes, signature.offset)) return signature.type;
  }
  // RIFF....WEBP
  if (startsWith(buffer, [0x52, 0x49, 0x46, 0x46]) && buffer.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { mime: 'image/webp', extension: 'webp', kind: 'image' };
  }
  if (isText(buffer)) return { mime: 'text/csv', extension: 'csv', kind: 'text' };
  return undefined;
}

/** Text is UTF-8 (or Latin-1 from older spreadsheets) without NUL or other control bytes. */
function isText(buffer: Buffer): boolean {
  if (buffer.length === 0) return false;
  const sample = buffer.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false;
  }
  return true;
}

/** Reads text as UTF-8, falling back to Latin-1 when the bytes are not valid UTF-8. */
export function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return buffer.toString('latin1');
  }
}
