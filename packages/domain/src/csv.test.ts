import { describe, expect, it } from 'vitest';
import { CsvError, normalizeHeader, parseCsv, toCsv } from './csv';

describe('parseCsv', () => {
  it('reads comma-separated rows with their line numbers', () => {
    expect(parseCsv('codigo,disponible\nA01-01-01,3\n')).toEqual([
      { line: 1, values: ['codigo', 'disponible'] },
      { line: 2, values: ['A01-01-01', '3'] },
    ]);
  });

  it('detects the semicolon separator of Spanish spreadsheets and drops the BOM', () => {
    const rows = parseCsv('\uFEFFcodigo;mto_contado\r\nC1;1.200,50\r\n');
    expect(rows.map((row) => row.values)).toEqual([
      ['codigo', 'mto_contado'],
      ['C1', '1.200,50'],
    ]);
  });

  it('skips empty lines but keeps counting them', () => {
    const rows = parseCsv('a,b\n\n1,2\n   \n3,4');
    expect(rows.map((row) => row.line)).toEqual([1, 3, 5]);
  });

  it('keeps separators, doubled quotes and line breaks inside quoted fields', () => {
    const rows = parseCsv('a,b\n"x, y","dice ""hola""\nfin"\n');
    expect(rows[1]!.values).toEqual(['x, y', 'dice "hola"\nfin']);
  });

  it('refuses an unclosed quote with the line where the row started', () => {
    expect(() => parseCsv('a,b\n1,"abierta\n2,3')).toThrow(CsvError);
    try {
      parseCsv('a,b\n1,"abierta\n2,3');
    } catch (error) {
      expect((error as CsvError).line).toBe(2);
    }
  });

  it('refuses text after a closing quote and a quote inside an unquoted field', () => {
    expect(() => parseCsv('a,b\n"x"y,2')).toThrow(/Comillas mal cerradas/);
    expect(() => parseCsv('a,b\nx"y",2')).toThrow(/Comilla inesperada/);
  });
});

describe('normalizeHeader', () => {
  it('lowers case, strips accents and joins words with underscores', () => {
    expect(normalizeHeader(' Cantidad Nichos ')).toBe('cantidad_nichos');
    expect(normalizeHeader('Código')).toBe('codigo');
  });
});

describe('toCsv', () => {
  it('writes a BOM, semicolons and CRLF, quoting only the fields that need it', () => {
    expect(
      toCsv([
        ['Cliente', 'Monto'],
        ['Pérez; Ana', 1166.4],
        ['Dice "hola"', null],
      ]),
    ).toBe('\uFEFFCliente;Monto\r\n"Pérez; Ana";1166.4\r\n"Dice ""hola""";\r\n');
  });

  it('keeps formulas as text but leaves negative numbers alone', () => {
    expect(toCsv([['=SUMA(A1)', '-12.50', '@x']])).toBe("\uFEFF'=SUMA(A1);-12.50;'@x\r\n");
  });

  it('reads back what it wrote', () => {
    const rows = [['a;b', 'línea\nnueva', 'c']];
    expect(parseCsv(toCsv(rows)).map((row) => row.values)).toEqual(rows);
  });
});
