import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

// Issue 14: the PDFs are read back as a person reads them: poppler's pdftotext (-layout keeps a table's row on
// one line), and rendered to PNG by pdftoppm to be looked at.

/** The text of a PDF, laid out as on the page (pdftotext -layout). */
export function pdfText(content: Buffer): string {
  // The PDFs keep amounts together with no-break spaces ('$ 363,20'): read them as plain spaces.
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: content })
    .toString('utf8')
    .replace(/\u00a0/g, ' ');
}

/** Pages of a PDF (pdfinfo). */
export function pdfPages(content: Buffer): number {
  const info = execFileSync('pdfinfo', ['-'], { input: content }).toString('utf8');
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

/** Renders every page to `<prefix>-N.png` at 60 dpi (pdftoppm), to look at the layout. */
export function pdfToPng(content: Buffer, prefix: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'pdf-'));
  const file = path.join(folder, 'document.pdf');
  writeFileSync(file, content);
  execFileSync('pdftoppm', ['-png', '-r', '60', file, prefix]);
  rmSync(folder, { recursive: true, force: true });
}

/** One line of the layout text that holds all the given pieces, squeezed of repeated spaces. */
export function lineWith(text: string, ...pieces: string[]): string | undefined {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .find((line) => pieces.every((piece) => line.includes(piece)));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable RGB PNG of `width` × `height`: a dark disc on a light square (a logo). */
export function realPng(width = 96, height = 96): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (width / 2.4) ** 2;
      row.set(inside ? [47, 72, 88] : [232, 237, 241], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
