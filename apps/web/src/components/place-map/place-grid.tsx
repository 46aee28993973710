import type { MapState } from '@camposanto/domain';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { GridLayout } from './grid-layout';
import { STATE_COLORS } from './map-colors';

interface PlaceGridProps<Place> {
  /** What the grid shows, for screen readers ('Sector A03'). */
  label: string;
  grid: GridLayout<Place>;
  /** Side of a cell in px: the zoom. */
  cellSize: number;
  stateOf: (place: Place) => MapState;
  /** The cell's short text (the plot's number) and its full description (code, state, seats). */
  textOf: (place: Place) => string;
  describe: (place: Place) => string;
  onOpen: (place: Place) => void;
}

type Position = { row: number; column: number };

/**
 * A map of places as a grid of buttons, one per place, coloured by state. One cell is in the tab order at a
 * time; the arrow keys, Home and End move through the places (skipping gaps) and Enter or a click opens one.
 */
export function PlaceGrid<Place>({
  label,
  grid,
  cellSize,
  stateOf,
  textOf,
  describe,
  onOpen,
}: PlaceGridProps<Place>) {
  const first = firstPlace(grid);
  const [focus, setFocus] = useState<Position | undefined>(first);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const current = focus && grid.cells[focus.row]?.[focus.column] ? focus : first;

  const moveTo = (position: Position | undefined) => {
    if (!position) return;
    setFocus(position);
    buttons.current.get(`${position.row}:${position.column}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!current) return;
    const steps: Record<string, [number, number]> = {
      ArrowRight: [0, 1],
      ArrowLeft: [0, -1],
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      moveTo(nextPlace(grid, current, step));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const row = grid.cells[current.row]!;
      const columns = row.map((cell, column) => (cell ? column : -1)).filter((column) => column >= 0);
      moveTo({ row: current.row, column: event.key === 'Home' ? columns[0]! : columns.at(-1)! });
    }
  };

  const fontSize = Math.max(9, Math.round(cellSize / 3));
  return (
    <Box
      role="grid"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={{
        display: 'grid',
        gridTemplateColumns: `auto repeat(${grid.columns.length}, ${cellSize}px)`,
        gap: '3px',
        width: 'max-content',
        alignItems: 'center',
      }}
    >
      <Box role="row" sx={{ display: 'contents' }}>
        <Box role="columnheader" />
        {grid.columns.map((column) => (
          <Typography
            key={column}
            role="columnheader"
            variant="caption"
            sx={{ textAlign: 'center', fontSize }}
          >
            {column}
          </Typography>
        ))}
      </Box>
      {grid.rows.map((rowLabel, row) => (
        <Box key={rowLabel} role="row" sx={{ display: 'contents' }}>
          <Typography role="rowheader" variant="caption" sx={{ pr: 1, textAlign: 'right', fontSize }}>
            {rowLabel}
          </Typography>
          {grid.cells[row]!.map((place, column) =>
            place === undefined ? (
              <Box key={column} role="gridcell" sx={{ width: cellSize, height: cellSize }} />
            ) : (
              <Box key={column} role="gridcell" sx={{ width: cellSize, height: cellSize }}>
                <Tooltip title={describe(place)} disableInteractive>
                  <Box
                    component="button"
                    type="button"
                    ref={(element: HTMLButtonElement | null) => {
                      const key = `${row}:${column}`;
                      if (element) buttons.current.set(key, element);
                      else buttons.current.delete(key);
                    }}
                    aria-label={describe(place)}
                    tabIndex={current?.row === row && current.column === column ? 0 : -1}
                    onFocus={() => setFocus({ row, column })}
                    onClick={() => onOpen(place)}
                    sx={{
                      width: '100%',
                      height: '100%',
                      p: 0,
                      border: 'none',
                      borderRadius: 1,
                      cursor: 'pointer',
                      bgcolor: STATE_COLORS[stateOf(place)],
                      color: '#fff',
                      fontSize,
                      fontWeight: 700,
                      fontFamily: 'inherit',
                      '&:hover': { filter: 'brightness(1.15)' },
                      '&:focus-visible': {
                        outline: '3px solid',
                        outlineColor: 'text.primary',
                        outlineOffset: 2,
                      },
                    }}
                  >
                    {cellSize >= 24 ? textOf(place) : null}
                  </Box>
                </Tooltip>
              </Box>
            ),
          )}
        </Box>
      ))}
    </Box>
  );
}

function firstPlace<Place>(grid: GridLayout<Place>): Position | undefined {
  for (let row = 0; row < grid.cells.length; row++) {
    const column = grid.cells[row]!.findIndex((cell) => cell !== undefined);
    if (column >= 0) return { row, column };
  }
  return undefined;
}

/** The nearest place from `from` in the step's direction, skipping gaps; undefined at the grid's edge. */
function nextPlace<Place>(grid: GridLayout<Place>, from: Position, [dRow, dColumn]: [number, number]) {
  let { row, column } = from;
  for (;;) {
    row += dRow;
    column += dColumn;
    const cells = grid.cells[row];
    if (!cells || column < 0 || column >= cells.length) return undefined;
    if (cells[column] !== undefined) return { row, column };
  }
}
