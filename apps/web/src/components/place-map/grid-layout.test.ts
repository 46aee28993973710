import type { MapNiche, MapPlot } from '@camposanto/domain';
import { describe, expect, it } from 'vitest';
import { nicheGrids, plotGrid } from './grid-layout';

const plot = (codigo: string, fila: number, numero: number): MapPlot => ({
  id: fila * 100 + numero,
  codigo,
  fila,
  numero,
  puestos: 3,
  disponible: 3,
  reservadas: 0,
  ocupadas: 0,
  vendidas: 0,
  estado: 'disponible',
});

const niche = (codigo: string, lado: string | null, fila: string, columna: string): MapNiche => ({
  id: codigo.length,
  codigo,
  lado,
  fila,
  columna,
  cantidad_nichos: 1,
  estado: 'disponible',
});

describe('plotGrid', () => {
  it('places each plot at its row and number, leaving a gap where a number is missing', () => {
    const grid = plotGrid([plot('A03-26-03', 26, 3), plot('A03-02-01', 2, 1), plot('A03-26-01', 26, 1)]);
    expect(grid.rows).toEqual(['02', '26']);
    expect(grid.columns).toEqual(['01', '02', '03']);
    expect(grid.cells.map((row) => row.map((cell) => cell?.codigo ?? null))).toEqual([
      ['A03-02-01', null, null],
      ['A03-26-01', null, 'A03-26-03'],
    ]);
  });

  it('is empty for a sector without plots', () => {
    expect(plotGrid([])).toEqual({ rows: [], columns: [], cells: [] });
  });
});

describe('nicheGrids', () => {
  it('draws one grid per side, rows and columns in natural order, niches without side apart', () => {
    const grids = nicheGrids([
      niche('D-10-1', 'Derecho', '10', '1'),
      niche('D-2-1', 'Derecho', '2', '1'),
      niche('I-1-2', 'Izquierdo', '1', '2'),
      niche('X', null, '1', '1'),
    ]);
    expect(grids.map((side) => side.lado)).toEqual(['Derecho', 'Izquierdo', 'Sin lado']);
    expect(grids[0]!.grid.rows).toEqual(['2', '10']);
    expect(grids[0]!.grid.cells.map((row) => row.map((cell) => cell?.codigo))).toEqual([
      ['D-2-1'],
      ['D-10-1'],
    ]);
  });
});
