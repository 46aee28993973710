import type { MapNiche, MapPlot } from '@camposanto/domain';

/** Places laid out in rows and columns: `cells[row][column]` is the place there, or undefined for a gap. */
export interface GridLayout<Place> {
  rows: string[];
  columns: string[];
  cells: Array<Array<Place | undefined>>;
}

const naturalOrder = (a: string, b: string) => a.localeCompare(b, 'es', { numeric: true });

/** Every row and column that holds a place, in natural order ('2' before '10'), with the places at their crossings. */
function layout<Place>(
  places: readonly Place[],
  rowOf: (place: Place) => string,
  columnOf: (place: Place) => string,
): GridLayout<Place> {
  const rows = [...new Set(places.map(rowOf))].sort(naturalOrder);
  const columns = [...new Set(places.map(columnOf))].sort(naturalOrder);
  const rowIndex = new Map(rows.map((row, index) => [row, index]));
  const columnIndex = new Map(columns.map((column, index) => [column, index]));
  const cells = rows.map(() => columns.map((): Place | undefined => undefined));
  for (const place of places) cells[rowIndex.get(rowOf(place))!]![columnIndex.get(columnOf(place))!] = place;
  return { rows, columns, cells };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A sector's plots in its rows (the code's second part) and numbers (the third): A03-26-01 sits in row 26,
 * column 01. Numbers missing in a row leave gaps, so the plots of one number line up across the rows.
 */
export function plotGrid(plots: readonly MapPlot[]): GridLayout<MapPlot> {
  const numbers = plots.map((plot) => plot.numero);
  const grid = layout(
    plots,
    (plot) => twoDigits(plot.fila),
    (plot) => twoDigits(plot.numero),
  );
  if (!numbers.length) return grid;
  // Every number between the first and the last, so that a gap shows where a plot is missing.
  const first = Math.min(...numbers);
  const columns = Array.from({ length: Math.max(...numbers) - first + 1 }, (_, index) =>
    twoDigits(first + index),
  );
  const cells = grid.cells.map((row) => {
    const placed = new Map(row.filter(Boolean).map((plot) => [twoDigits(plot!.numero), plot]));
    return columns.map((column) => placed.get(column));
  });
  return { rows: grid.rows, columns, cells };
}

export const NO_SIDE = 'Sin lado';
const orDash = (value: string | null) => value ?? '—';

/** A chapel's niches, one grid per side, each in its rows and columns. */
export function nicheGrids(niches: readonly MapNiche[]): Array<{ lado: string; grid: GridLayout<MapNiche> }> {
  const sides = [...new Set(niches.map((niche) => niche.lado ?? NO_SIDE))].sort(naturalOrder);
  return sides.map((lado) => ({
    lado,
    grid: layout(
      niches.filter((niche) => (niche.lado ?? NO_SIDE) === lado),
      (niche) => orDash(niche.fila),
      (niche) => orDash(niche.columna),
    ),
  }));
}
