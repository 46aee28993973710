import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Breakpoint, SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * Issue 15, responsive tables: below a breakpoint a wide table's rows become cards, each cell one 'label: value'
 * line, so that no column is hidden off the side of a tablet. The markup stays the table's (same rows, cells,
 * buttons and keyboard order, with explicit ARIA roles so that the block layout keeps its table semantics); only
 * the layout changes, and each cell shows its column's title. DataTable applies it with `cardsBelow`; a table of
 * its own (the request summary) uses these same pieces.
 */
export function useCardLayout(breakpoint: Breakpoint | undefined): boolean {
  // `noSsr`: the first render already knows the width (no table-then-cards flash).
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down(breakpoint ?? 'xs'), {
    noSsr: true,
  });
  return breakpoint !== undefined && isNarrow;
}

/** Explicit roles for the table's parts: a table laid out as blocks may lose them in some browsers. */
export const CARD_ROLES = {
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  columnheader: { role: 'columnheader' },
  cell: { role: 'cell' },
} as const;

/** Hidden from sight, still read by assistive technology (the header row of a card table without sorting). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The table as a stack of cards. The header row stays: as a bar of sort buttons when some column sorts
 * (`hasSortBar`), otherwise hidden from sight. Footer rows (totals) line up on the right.
 */
export function cardTableSx(hasSortBar: boolean): SxProps<Theme> {
  return {
    display: 'block',
    '& > thead, & > tbody, & > tfoot': { display: 'block' },
    '& > thead': hasSortBar ? {} : { ...VISUALLY_HIDDEN, '& th': { border: 0 } },
    '& > thead > tr': hasSortBar
      ? { display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center', px: 1, py: 0.5 }
      : {},
    '& > thead > tr > th': hasSortBar ? { display: 'block', border: 0, px: 1, py: 0.5 } : {},
    '& > tbody > tr, & > tfoot > tr': { display: 'block' },
    '& > tfoot > tr': { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 2 },
    '& > tfoot > tr > td': { display: 'block', border: 0, py: 0.5 },
    '& > tfoot > tr:last-of-type': { borderBottom: 1, borderColor: 'divider' },
  };
}

/** One data row as a card: the toggle (if any) in its top right corner, a line under the card. */
export const CARD_ROW_SX = {
  position: 'relative',
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
} as const;

/** A cell spanning the whole card (loading, empty text, expanded details). */
export const CARD_WIDE_CELL_SX = { display: 'block', border: 0 } as const;

/** The row's expand toggle, in the card's top right corner. */
export const CARD_TOGGLE_CELL_SX = {
  position: 'absolute',
  top: 4,
  right: 4,
  border: 0,
  p: 0,
  zIndex: 1,
} as const;

/** A data cell as a 'label: value' line; values read left to right whatever the column's alignment. */
export const CARD_CELL_SX = {
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 35%) minmax(0, 1fr)',
  columnGap: 2,
  alignItems: 'center',
  border: 0,
  py: 0.5,
  textAlign: 'left',
  whiteSpace: 'normal',
} as const;

/** A cell's content in a card: its column's title (hidden from assistive technology, which has the header). */
export function CardCellContent({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <Box component="span" aria-hidden sx={{ fontWeight: 700, color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}
