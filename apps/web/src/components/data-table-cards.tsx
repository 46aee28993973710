import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Breakpoint, Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
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
  // Strings: in `sx` a width of 1 would mean 100 %.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The table as a stack of cards. The header row stays: as a bar (`headerBar`) when it holds controls, such as the
 * sort buttons ('Ordenar por:') or a select-all checkbox, whose cells that hold none are then hidden from sight;
 * otherwise hidden from sight as a whole. Footer rows (totals) line up on the right.
 */
export function cardTableSx(headerBar?: { label?: string }): SystemStyleObject<Theme> {
  return {
    display: 'block',
    '& > thead, & > tbody, & > tfoot': { display: 'block' },
    '& > thead': headerBar ? {} : { ...VISUALLY_HIDDEN, '& th': { border: 0 } },
    '& > thead > tr': headerBar
      ? {
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 1,
          alignItems: 'center',
          px: 1,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
          // Says what the bar is for, now that its titles no longer head columns.
          ...(headerBar.label && {
            '&::before': { content: `"${headerBar.label}"`, color: 'text.secondary', pl: 1 },
          }),
        }
      : {},
    '& > thead > tr > th': headerBar ? { display: 'block', border: 0, px: 1, py: 0.5 } : {},
    // The body's rows set their own layout (CARD_ROW_SX, CARD_WIDE_ROW_SX): a rule here would outrank theirs.
    '& > tfoot > tr': CARD_TOTAL_ROW_SX,
    '& > tfoot > tr > td': CARD_TOTAL_CELL_SX,
    // A filler cell that kept a total under its column has nothing to line up with here.
    '& > tfoot > tr > td:empty': { display: 'none' },
    '& > tfoot > tr:last-of-type': { borderBottom: 1, borderColor: 'divider' },
  };
}

/** A total's row (a table's footer, or a body row of totals): its cells in a line on the right. */
export const CARD_TOTAL_ROW_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  columnGap: 2,
} as const;
export const CARD_TOTAL_CELL_SX = { display: 'block', border: 0, py: 0.5 } as const;

/**
 * One data row as a card: its lines in two columns from 600 px (one below), the toggle (if any) in its top right
 * corner, a line under the card.
 */
export const CARD_ROW_SX = {
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  columnGap: 3,
  alignItems: 'center',
  py: 1,
  pr: 5,
  borderBottom: 1,
  borderColor: 'divider',
} as const;

/** A row of one cell across the card: loading, the empty text, a card's details (a line under them when open). */
export const CARD_WIDE_ROW_SX = { display: 'block' } as const;
export const CARD_DETAILS_ROW_SX = { display: 'block', borderBottom: 1, borderColor: 'divider' } as const;

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
  gridTemplateColumns: 'minmax(7.5rem, 40%) minmax(0, 1fr)',
  columnGap: 1.5,
  justifyItems: 'start',
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
      <Box
        component="span"
        aria-hidden
        // A title written on two lines for a narrow column reads on one here.
        sx={{ fontWeight: 700, color: 'text.secondary', '& br': { display: 'none' } }}
      >
        {label}
      </Box>
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}
