import { deflateSync } from 'node:zlib';

// The demo's files are drawn here, a few kilobytes each, so the repository ships no binary (decision 029): map
// images of the plots and of the columbarium's four sides, receipts and identity documents as PNG, and a one-page
// PDF receipt.

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A canvas of RGB pixels with filled rectangles, written as an 8-bit RGB PNG. */
export class Canvas {
  private readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): this {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row++) {
      for (let col = Math.max(0, x); col < Math.min(this.width, x + w); col++) {
        const at = (row * this.width + col) * 3;
        this.pixels[at] = r;
        this.pixels[at + 1] = g;
        this.pixels[at + 2] = b;
      }
    }
    return this;
  }

  /** A rectangle's outline, `thickness` pixels wide. */
  frame(x: number, y: number, w: number, h: number, colour: Rgb, thickness = 1): this {
    return this.rect(x, y, w, thickness, colour)
      .rect(x, y + h - thickness, w, thickness, colour)
      .rect(x, y, thickness, h, colour)
      .rect(x + w - thickness, y, thickness, h, colour);
  }

  png(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // RGB
    const stride = this.width * 3;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let row = 0; row < this.height; row++) {
      raw[row * (stride + 1)] = 0; // no filter
      this.pixels.copy(raw, row * (stride + 1) + 1, row * stride, (row + 1) * stride);
    }
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const GRASS: Rgb = [183, 214, 160];
const PATH: Rgb = [222, 208, 180];
const BLUE: Rgb = [10, 69, 117]; // SPEC §9 primary colour
const STONE: Rgb = [226, 226, 222];
const INK: Rgb = [90, 90, 90];

/** The cemetery's plan: one block per sector (A, B, C…), rows of plots inside, paths between them. */
export function plotMapPng(sectors: { rows: number; seats: number }[]): Buffer {
  const canvas = new Canvas(720, 440, PATH);
  const blockWidth = Math.floor((720 - 40) / sectors.length) - 20;
  sectors.forEach((sector, index) => {
    const x = 30 + index * (blockWidth + 20);
    canvas.rect(x, 30, blockWidth, 380, GRASS).frame(x, 30, blockWidth, 380, BLUE, 3);
    const rowHeight = Math.floor(340 / sector.rows);
    for (let row = 0; row < sector.rows; row++) {
      const cellWidth = Math.floor((blockWidth - 20) / sector.seats);
      for (let seat = 0; seat < sector.seats; seat++) {
        canvas.frame(x + 10 + seat * cellWidth, 50 + row * rowHeight, cellWidth - 3, rowHeight - 4, INK);
      }
    }
  });
  return canvas.png();
}

/** One side of the columbarium: a wall of niches, `rows` by `columns`, with its side number drawn as bars. */
export function columbariumSidePng(side: number, rows: number, columns: number): Buffer {
  const canvas = new Canvas(480, 320, [245, 243, 236]);
  canvas.rect(0, 0, 480, 28, BLUE);
  for (let mark = 0; mark < side; mark++) canvas.rect(12 + mark * 12, 6, 6, 16, [255, 255, 255]);
  const cellWidth = Math.floor(440 / columns);
  const cellHeight = Math.floor(260 / rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const x = 20 + column * cellWidth;
      const y = 44 + row * cellHeight;
      canvas.rect(x, y, cellWidth - 4, cellHeight - 4, STONE).frame(x, y, cellWidth - 4, cellHeight - 4, INK);
    }
  }
  return canvas.png();
}

/** A bank receipt: a coloured header and lines of "text"; `variant` varies the lines. */
export function receiptPng(variant: number): Buffer {
  const canvas = new Canvas(180, 240, [255, 255, 255]);
  canvas.rect(0, 0, 180, 36, [[0, 122, 61] as const, [200, 30, 45] as const, BLUE][variant % 3]!);
  for (let line = 0; line < 9; line++) {
    canvas.rect(14, 52 + line * 20, 60 + ((variant * 7 + line * 13) % 90), 6, INK);
  }
  return canvas.frame(0, 0, 180, 240, INK).png();
}

/** An identity card: a photo box and lines of "text". */
export function identityCardPng(variant: number): Buffer {
  const canvas = new Canvas(320, 200, [236, 241, 248]);
  canvas.rect(0, 0, 320, 30, [252, 209, 22]).rect(0, 30, 320, 8, BLUE).rect(0, 38, 320, 6, [207, 20, 43]);
  canvas.rect(18, 60, 90, 110, [190, 196, 204]).frame(18, 60, 90, 110, INK);
  for (let line = 0; line < 5; line++)
    canvas.rect(126, 66 + line * 22, 80 + ((variant + line * 29) % 100), 7, INK);
  return canvas.frame(0, 0, 320, 200, INK).png();
}

/** A one-page PDF with a few lines of Helvetica (ASCII), byte offsets and all, as a scanned document stands in. */
export function textPdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const content = [
    'BT /F1 14 Tf 56 780 Td 18 TL',
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
