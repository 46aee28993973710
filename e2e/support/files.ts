import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/** A folder of its own for the files a journey uploads. */
export function tempFolder(): string {
  return mkdtempSync(path.join(tmpdir(), 'camposanto-e2e-files-'));
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A real PNG (the server checks the content, not the name): a plain colour with a darker diagonal band. */
export function writePng(
  file: string,
  { width, height, rgb }: { width: number; height: number; rgb: [number, number, number] },
) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const shade = Math.abs(x - (y * width) / height) < width / 10 ? 0.6 : 1;
      rgb.forEach((value, channel) => (rows[start + 1 + x * 3 + channel] = Math.round(value * shade)));
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  writeFileSync(file, png);
  return file;
}

export function writeText(file: string, text: string) {
  writeFileSync(file, text, 'utf8');
  return file;
}
