// A small RFC 4180 reader for the inventory imports: quoted fields, doubled quotes, CRLF, a BOM, and
// ';' or ',' separators (spreadsheets in Spanish locales save with ';').

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export type CsvRow = { line: number; values: string[] };

export function detectSeparator(headerLine: string): ';' | ',' {
  const semicolons = (headerLine.match(/;/g) ?? []).length;
  const commas = (headerLine.match(/,/g) ?? []).length;
  return semicolons > commas ? ';' : ',';
}

/** Parses CSV text into rows (with their 1-based line numbers), skipping empty lines. */
export function parseCsv(text: string): CsvRow[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = detectSeparator(firstLine);
  const rows: CsvRow[] = [];
  let values: string[] = [];
  let field = '';
  let isQuoted = false;
  let line = 1;
  let rowLine = 1;
  let fieldStarted = false;

  const endRow = () => {
    values.push(field);
    if (values.length > 1 || values[0]!.trim() !== '') rows.push({ line: rowLine, values });
    values = [];
    field = '';
    fieldStarted = false;
  };

  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (isQuoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          isQuoted = false;
          const next = source[i + 1];
          if (next !== undefined && next !== separator && next !== '\n' && next !== '\r') {
            throw new CsvError('Comillas mal cerradas: hay texto después de la comilla de cierre.', line);
          }
        }
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (fieldStarted && field.trim() !== '') {
        throw new CsvError('Comilla inesperada dentro de un campo sin comillas.', line);
      }
      field = '';
      isQuoted = true;
      fieldStarted = true;
    } else if (char === separator) {
      values.push(field);
      field = '';
      fieldStarted = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (isQuoted) throw new CsvError('Comillas sin cerrar al final del archivo.', rowLine);
  if (field !== '' || values.length > 0) endRow();
  return rows.map((row) => ({ line: row.line, values: row.values.map((value) => value.trim()) }));
}

/** Normalises a header: lower case, no accents, spaces and dashes as underscores. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

export type CsvCell = string | number | null | undefined;

const NUMBER = /^-?\d+(\.\d+)?$/;

function csvField(cell: CsvCell, separator: string): string {
  let text = cell === null || cell === undefined ? '' : String(cell);
  // A text a spreadsheet would run as a formula is kept as text (CSV injection).
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Writes rows as CSV for spreadsheets: ';' between fields (what spreadsheets in Spanish locales read), CRLF
 * line ends, quotes only where needed, and a UTF-8 BOM so that accents survive the opening.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], separator: ';' | ',' = ';'): string {
  return `\uFEFF${rows.map((row) => row.map((cell) => csvField(cell, separator)).join(separator)).join('\r\n')}\r\n`;
}
