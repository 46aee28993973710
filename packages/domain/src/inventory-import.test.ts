import { describe, expect, it } from 'vitest';
import { ImportError, parseDecimal, parseNicheCsv, parsePlotCsv } from './inventory-import';

describe('parsePlotCsv', () => {
  it('normalises codes and defaults missing counts, with 3 seats per plot', () => {
    const rows = parsePlotCsv('codigo;disponible;reservadas\na01-02;3;0\nB10-11-02;2;1\n');
    expect(rows).toEqual([
      { line: 2, codigo: 'A01-02-01', puestos: 3, disponible: 3, reservadas: 0, ocupadas: 0, vendidas: 0 },
      { line: 3, codigo: 'B10-11-02', puestos: 3, disponible: 2, reservadas: 1, ocupadas: 0, vendidas: 0 },
    ]);
  });

  it('names the line and the reason of the first bad row', () => {
    expect(() => parsePlotCsv('codigo,disponible\nA01-01-01,3\nX1,3')).toThrow(
      'Línea 3: El código debe tener el formato AXX-XX-XX (ejemplo: A03-26-01).',
    );
    expect(() => parsePlotCsv('codigo,disponible\nA01-01-01,-1')).toThrow(
      /Línea 2: disponible debe ser un número entero/,
    );
    expect(() => parsePlotCsv('codigo,disponible,puestos\nA01-01-01,2,3')).toThrow(
      /Línea 2: .* debe ser igual a los puestos/,
    );
    expect(() => parsePlotCsv('codigo,disponible\nA01-01-01,3\na01-01-01,3')).toThrow(
      'Línea 3: el código A01-01-01 ya aparece en la línea 2.',
    );
  });

  it('refuses a file without the required columns or without data', () => {
    expect(() => parsePlotCsv('nombre,precio\nx,1')).toThrow(
      'Línea 1: faltan las columnas codigo, disponible.',
    );
    expect(() => parsePlotCsv('codigo,disponible\n')).toThrow(ImportError);
    expect(() => parsePlotCsv('')).toThrow('El archivo CSV está vacío.');
  });

  it('reports a malformed quote as a line error', () => {
    expect(() => parsePlotCsv('codigo,disponible\n"A01-01-01,3\n')).toThrow(/^Línea 2: Comillas sin cerrar/);
  });
});

describe('parseNicheCsv', () => {
  it('accepts decimal commas and thousands separators in amounts', () => {
    const [row] = parseNicheCsv(
      'codigo;capilla;lado;fila;columna;cantidad_nichos;plan;estado;mto_contado;mto_financiado\nc1-a-01;Capilla 1;Izquierdo Externo;A;01;1;Sencillo;disponible;1.200,50;1440,6\n',
    );
    expect(row).toMatchObject({
      codigo: 'C1-A-01',
      mto_contado: 1200.5,
      mto_financiado: 1440.6,
      estado: 'disponible',
    });
  });

  it('refuses an unknown state', () => {
    expect(() => parseNicheCsv('codigo,estado\nC1,perdido')).toThrow(/Línea 2: estado "perdido" no válido/);
  });
});

describe('parseDecimal', () => {
  it.each([
    ['1200.50', 1200.5],
    ['1200,50', 1200.5],
    ['1.200,50', 1200.5],
    ['12', 12],
  ])('reads %s', (raw, expected) => expect(parseDecimal(raw)).toBe(expected));
  it.each(['abc', '1,2,3', '-5'])('refuses %s', (raw) => expect(parseDecimal(raw)).toBeUndefined());
});
