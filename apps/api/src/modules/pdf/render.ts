import type PDFKit from 'pdfkit';

// Issue 14 §1, docs/decisions/021: the PDFs are drawn with pdfkit and its standard Helvetica (WinAnsi covers
// Spanish letters, «», ¿, ¡, the $ sign and 'Bs.'), A4, one layout shared by the four documents.

type PdfKitClass = typeof PDFKit;
let pdfKit: Promise<PdfKitClass> | undefined;

/** pdfkit is loaded on first use, so it never lengthens the server's start. */
export function loadPdfKit(): Promise<PdfKitClass> {
  pdfKit ??= import('pdfkit').then((module) => module.default as PdfKitClass);
  return pdfKit;
}

export type Letterhead = {
  nombre: string;
  rif: string;
  direccion: string;
  telefonos: string;
  email: string;
  logo: Buffer | null;
  /** The contract's clauses. */
  clausulas?: string;
};

export type Column = { header: string; width: number; align?: 'left' | 'right' | 'center' };

const MARGIN = 48;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const ACCENT = '#2f4858';
const RULE = '#c9d1d9';
const HEADER_FILL = '#e8edf1';
const ZEBRA_FILL = '#f6f8fa';

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (a business date, printed as Venezuelans write it). */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

/** '$ 363,20' and '14.528,00 Bs.' never break across lines in a narrow cell (a no-break space, in WinAnsi). */
export function keepAmountsTogether(text: string): string {
  return text.replace(/\$ (?=[\d-])/g, '$\u00a0').replace(/(\d) Bs\./g, '$1\u00a0Bs.');
}

/** A document being drawn: letterhead, sections, tables, signature lines; Buffer at the end. */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(
    PDFDocument: PdfKitClass,
    private readonly meta: { title: string; company: Letterhead; footer: string },
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: { Title: meta.title, Author: meta.company.nombre || 'Camposanto', Creator: 'Camposanto' },
      lang: 'es-VE',
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.doc.font(FONT).fontSize(9).fillColor(INK);
  }

  get left() {
    return this.doc.page.margins.left;
  }
  get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** The company's letterhead on the left, the document's title, number and date boxed on the right. */
  letterhead(title: string, lines: string[]) {
    const { doc } = this;
    const top = doc.page.margins.top;
    const company = this.meta.company;
    let textX = this.left;
    if (company.logo) {
      try {
        doc.image(company.logo, this.left, top, { fit: [64, 56] });
        textX = this.left + 76;
      } catch {
        // A logo pdfkit cannot read (checked at upload, so only a file changed on disk) is left out.
      }
    }
    const boxWidth = 170;
    const textWidth = this.width - (textX - this.left) - boxWidth - 12;
    doc
      .font(BOLD)
      .fontSize(13)
      .fillColor(ACCENT)
      .text(company.nombre || 'Camposanto', textX, top, { width: textWidth });
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    const details = [
      company.rif ? `RIF ${company.rif}` : '',
      company.direccion,
      company.telefonos ? `Teléfonos: ${company.telefonos}` : '',
      company.email,
    ].filter(Boolean);
    for (const line of details) doc.text(line, textX, doc.y + 1, { width: textWidth });
    const leftBottom = Math.max(doc.y, company.logo ? top + 56 : top);

    const boxX = this.left + this.width - boxWidth;
    const boxHeight = 22 + lines.length * 12;
    doc.roundedRect(boxX, top, boxWidth, boxHeight, 4).fillAndStroke(HEADER_FILL, RULE);
    doc
      .font(BOLD)
      .fontSize(12)
      .fillColor(ACCENT)
      .text(title, boxX + 8, top + 6, { width: boxWidth - 16, align: 'right' });
    doc.font(FONT).fontSize(8.5).fillColor(INK);
    lines.forEach((line, index) =>
      doc.text(line, boxX + 8, top + 23 + index * 12, { width: boxWidth - 16, align: 'right' }),
    );
    const y = Math.max(leftBottom, top + boxHeight) + 10;
    doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(1.2)
      .strokeColor(ACCENT)
      .stroke();
    doc.x = this.left;
    doc.y = y + 10;
  }

  section(title: string) {
    const { doc } = this;
    this.ensureSpace(48);
    doc.moveDown(0.4);
    doc
      .font(BOLD)
      .fontSize(9.5)
      .fillColor(ACCENT)
      .text(title.toUpperCase(), this.left, doc.y, { width: this.width });
    const y = doc.y + 1;
    doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 5;
    doc.font(FONT).fontSize(9).fillColor(INK);
  }

  /** Label–value pairs in two columns. */
  fields(pairs: [string, string][]) {
    const { doc } = this;
    const columnWidth = (this.width - 16) / 2;
    const labelWidth = 78;
    for (let index = 0; index < pairs.length; index += 2) {
      const row = pairs.slice(index, index + 2);
      const heights = row.map(([, value]) =>
        doc
          .font(FONT)
          .fontSize(9)
          .heightOfString(value || '—', { width: columnWidth - labelWidth }),
      );
      const height = Math.max(...heights, 11);
      this.ensureSpace(height + 3);
      const y = doc.y;
      row.forEach(([label, value], column) => {
        const x = this.left + column * (columnWidth + 16);
        doc
          .font(BOLD)
          .fontSize(8)
          .fillColor(MUTED)
          .text(`${label}:`, x, y + 0.8, { width: labelWidth - 4 });
        doc
          .font(FONT)
          .fontSize(9)
          .fillColor(INK)
          .text(value || '—', x + labelWidth, y, { width: columnWidth - labelWidth });
      });
      doc.y = y + height + 3;
    }
    doc.x = this.left;
  }

  /** A table whose widths are fractions of the page's width; rows wrap and break across pages with the header. */
  table(columns: Column[], rows: string[][], options: { totals?: string[] } = {}) {
    const { doc } = this;
    const scale = this.width / columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => column.width * scale);
    const padding = 4;
    const drawRow = (rawCells: string[], kind: 'header' | 'body' | 'total', index: number) => {
      const cells = rawCells.map(keepAmountsTogether);
      const font = kind === 'body' ? FONT : BOLD;
      const size = kind === 'header' ? 8 : 8.5;
      doc.font(font).fontSize(size);
      const height =
        Math.max(
          ...cells.map((cell, column) =>
            doc.heightOfString(cell || '', { width: widths[column]! - 2 * padding }),
          ),
        ) +
        2 * padding;
      if (kind !== 'header' && doc.y + height > this.bottom) {
        doc.addPage();
        drawRow(
          columns.map((column) => column.header),
          'header',
          0,
        );
        doc.font(font).fontSize(size);
      }
      const y = doc.y;
      const fill =
        kind === 'header' ? HEADER_FILL : kind === 'total' ? HEADER_FILL : index % 2 ? ZEBRA_FILL : null;
      if (fill) doc.rect(this.left, y, this.width, height).fill(fill);
      let x = this.left;
      cells.forEach((cell, column) => {
        doc.fillColor(kind === 'header' ? ACCENT : INK).text(cell || '', x + padding, y + padding, {
          width: widths[column]! - 2 * padding,
          align: columns[column]!.align ?? 'left',
        });
        x += widths[column]!;
      });
      doc
        .moveTo(this.left, y + height)
        .lineTo(this.left + this.width, y + height)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      doc.y = y + height;
    };
    this.ensureSpace(40);
    drawRow(
      columns.map((column) => column.header),
      'header',
      0,
    );
    rows.forEach((row, index) => drawRow(row, 'body', index));
    if (options.totals) drawRow(options.totals, 'total', 0);
    doc.x = this.left;
    doc.moveDown(0.6);
  }

  /** Total lines aligned right (label, amount). */
  totals(pairs: [string, string][]) {
    const { doc } = this;
    const width = 250;
    const x = this.left + this.width - width;
    this.ensureSpace(pairs.length * 13 + 6);
    for (const [label, value] of pairs) {
      const y = doc.y;
      doc.font(BOLD).fontSize(9).fillColor(MUTED).text(label, x, y, { width: 140 });
      doc
        .font(BOLD)
        .fontSize(9)
        .fillColor(INK)
        .text(value, x + 140, y, { width: width - 140, align: 'right' });
      doc.y = y + 13;
    }
    doc.x = this.left;
    doc.moveDown(0.3);
  }

  paragraph(text: string, options: { size?: number; muted?: boolean; bold?: boolean } = {}) {
    const { doc } = this;
    doc
      .font(options.bold ? BOLD : FONT)
      .fontSize(options.size ?? 9)
      .fillColor(options.muted ? MUTED : INK);
    for (const block of text.split(/\n\s*\n/)) {
      const clean = block.trim();
      if (!clean) continue;
      this.ensureSpace(Math.min(doc.heightOfString(clean, { width: this.width }), 60) + 4);
      doc.text(clean, this.left, doc.y, { width: this.width, align: 'justify' });
      doc.moveDown(0.4);
    }
  }

  /** A highlighted box (a receipt's amount, a rejected document's stamp). */
  callout(lines: [string, string][], options: { tone?: 'normal' | 'warning' } = {}) {
    const { doc } = this;
    const height = lines.length * 16 + 12;
    this.ensureSpace(height + 8);
    const y = doc.y;
    doc
      .roundedRect(this.left, y, this.width, height, 4)
      .fillAndStroke(options.tone === 'warning' ? '#fff4e5' : HEADER_FILL, RULE);
    lines.forEach(([label, value], index) => {
      const lineY = y + 8 + index * 16;
      doc
        .font(BOLD)
        .fontSize(9)
        .fillColor(MUTED)
        .text(label, this.left + 10, lineY + 1.5, { width: 200 });
      doc
        .font(BOLD)
        .fontSize(11)
        .fillColor(INK)
        .text(value, this.left + 210, lineY, { width: this.width - 220, align: 'right' });
    });
    doc.x = this.left;
    doc.y = y + height + 8;
  }

  /** Signature lines side by side, each with its caption. */
  signatures(captions: [string, string][]) {
    const { doc } = this;
    this.ensureSpace(90);
    const y = doc.y + 50;
    const gap = 40;
    const width = (this.width - gap * (captions.length - 1)) / captions.length;
    captions.forEach(([role, name], index) => {
      const x = this.left + index * (width + gap);
      doc
        .moveTo(x, y)
        .lineTo(x + width, y)
        .lineWidth(0.7)
        .strokeColor(INK)
        .stroke();
      doc
        .font(BOLD)
        .fontSize(8.5)
        .fillColor(INK)
        .text(role, x, y + 4, { width, align: 'center' });
      doc
        .font(FONT)
        .fontSize(8)
        .fillColor(MUTED)
        .text(name, x, doc.y + 1, { width, align: 'center' });
    });
    doc.x = this.left;
    doc.y = y + 40;
  }

  /** Page numbers and the footer on every page, then the bytes. */
  async finish(): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const y = doc.page.height - MARGIN + 2;
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .moveTo(this.left, y - 4)
        .lineTo(this.left + this.width, y - 4)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      doc
        .font(FONT)
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(this.meta.footer, this.left, y, { width: this.width - 80, lineBreak: false });
      doc.text(`Página ${index + 1} de ${range.count}`, this.left + this.width - 80, y, {
        width: 80,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottomMargin;
    }
    doc.end();
    return this.done;
  }
}
