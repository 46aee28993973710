import { CsvError, normalizeHeader, parseCsv } from './csv';
import {
  DEFAULT_PLOT_SEATS,
  MAX_SEATS,
  normalizeNicheCode,
  normalizePlotCode,
  PLOT_CODE_ERROR,
} from './inventory';

export type PlotImportRow = {
  line: number;
  codigo: string;
  puestos: number;
  disponible: number;
  reservadas: number;
  ocupadas: number;
  vendidas: number;
};

export type NicheImportRow = {
  line: number;
  codigo: string;
  capilla: string | null;
  lado: string | null;
  fila: string | null;
  columna: string | null;
  cantidad_nichos: number;
  plan: string | null;
  descripcion: string | null;
  estado: string;
  mto_contado: number | null;
  mto_financiado: number | null;
};

/** A whole file is refused with the first bad line and its reason; nothing of it is applied. */
export class ImportError extends Error {}

const lineError = (line: number, reason: string) => new ImportError(`Línea ${line}: ${reason}`);

function readTable(text: string, required: string[]) {
  let rows;
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw lineError(error.line, error.message);
    throw error;
  }
  const [header, ...body] = rows;
  if (!header) throw new ImportError('El archivo CSV está vacío.');
  const columns = header.values.map(normalizeHeader);
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length) throw lineError(header.line, `faltan las columnas ${missing.join(', ')}.`);
  if (body.length === 0) throw new ImportError('El archivo CSV no tiene filas de datos.');
  return body.map((row) => {
    if (row.values.length > columns.length) {
      throw lineError(row.line, `tiene ${row.values.length} columnas y el encabezado ${columns.length}.`);
    }
    const record: Record<string, string> = {};
    columns.forEach((column, index) => (record[column] = row.values[index] ?? ''));
    return { line: row.line, record };
  });
}

function count(record: Record<string, string>, column: string, line: number, fallback?: number): number {
  const raw = record[column] ?? '';
  if (raw === '' && fallback !== undefined) return fallback;
  if (!/^\d+$/.test(raw))
    throw lineError(line, `${column} debe ser un número entero no negativo (recibido "${raw}").`);
  if (Number(raw) > MAX_SEATS)
    throw lineError(line, `${column} no puede ser mayor que ${MAX_SEATS} (recibido "${raw}").`);
  return Number(raw);
}

/** Amounts as spreadsheets write them: 1200.50, 1200,50 or 1.200,50 (SPEC §3 decimal comma). */
export function parseDecimal(raw: string): number | undefined {
  const text = raw.trim().replace(/\s/g, '');
  if (text === '') return undefined;
  let normalized = text;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) normalized = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d+$/.test(text)) normalized = text.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalized)) return undefined;
  return Math.round(Number(normalized) * 100) / 100;
}

function assertUnique(codes: string[], lines: number[]) {
  const seen = new Map<string, number>();
  codes.forEach((code, index) => {
    const first = seen.get(code);
    if (first !== undefined)
      throw lineError(lines[index]!, `el código ${code} ya aparece en la línea ${first}.`);
    seen.set(code, lines[index]!);
  });
}

/** SPEC §2 Parcelas inventory CSV: codigo, disponible, reservadas, ocupadas, vendidas[, puestos]. */
export function parsePlotCsv(text: string): PlotImportRow[] {
  const rows = readTable(text, ['codigo', 'disponible']).map(({ line, record }) => {
    const codigo = normalizePlotCode(record.codigo ?? '');
    if (!codigo) throw lineError(line, PLOT_CODE_ERROR);
    const counts = {
      disponible: count(record, 'disponible', line),
      reservadas: count(record, 'reservadas', line, 0),
      ocupadas: count(record, 'ocupadas', line, 0),
      vendidas: count(record, 'vendidas', line, 0),
    };
    const total = counts.disponible + counts.reservadas + counts.ocupadas + counts.vendidas;
    const puestos = record.puestos ? count(record, 'puestos', line) : Math.max(total, DEFAULT_PLOT_SEATS);
    if (total !== puestos) {
      throw lineError(
        line,
        `disponible + reservadas + ocupadas + vendidas (${total}) debe ser igual a los puestos de la parcela (${puestos}).`,
      );
    }
    if (puestos === 0) throw lineError(line, 'la parcela debe tener al menos un puesto.');
    return { line, codigo, puestos, ...counts };
  });
  assertUnique(
    rows.map((row) => row.codigo),
    rows.map((row) => row.line),
  );
  return rows;
}

const NICHE_STATES = ['disponible', 'reservado', 'vendido', 'ocupado'];
// Amounts are numeric(14,2) in the database.
const MAX_AMOUNT = 1e12;

/** Columbarium niches CSV (SPEC §3 Columbarium niche fields). */
export function parseNicheCsv(text: string): NicheImportRow[] {
  const rows = readTable(text, ['codigo']).map(({ line, record }) => {
    const codigo = normalizeNicheCode(record.codigo ?? '');
    if (!/^[A-Z0-9][A-Z0-9-]{0,29}$/.test(codigo)) throw lineError(line, 'el código del nicho no es válido.');
    const estado = (record.estado || 'disponible').toLowerCase();
    if (!NICHE_STATES.includes(estado))
      throw lineError(line, `estado "${record.estado}" no válido (${NICHE_STATES.join(', ')}).`);
    const amount = (column: string) => {
      const raw = record[column] ?? '';
      const value = parseDecimal(raw);
      if (raw.trim() !== '' && value === undefined)
        throw lineError(line, `${column} no es un importe válido ("${raw}").`);
      if (value !== undefined && value >= MAX_AMOUNT)
        throw lineError(line, `${column} es demasiado grande ("${raw}").`);
      return value ?? null;
    };
    const text = (column: string) => (record[column] ? record[column]!.slice(0, 200) : null);
    return {
      line,
      codigo,
      capilla: text('capilla'),
      lado: text('lado'),
      fila: text('fila'),
      columna: text('columna'),
      cantidad_nichos: count(record, 'cantidad_nichos', line, 1),
      plan: text('plan'),
      descripcion: text('descripcion'),
      estado,
      mto_contado: amount('mto_contado'),
      mto_financiado: amount('mto_financiado'),
    };
  });
  assertUnique(
    rows.map((row) => row.codigo),
    rows.map((row) => row.line),
  );
  return rows;
}
