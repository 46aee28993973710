import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { SystemStyleObject } from '@mui/system';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import {
  CARD_CELL_SX,
  CARD_DETAILS_ROW_SX,
  CARD_ROLES,
  CARD_ROW_SX,
  CARD_TOGGLE_CELL_SX,
  CARD_WIDE_CELL_SX,
  CARD_WIDE_ROW_SX,
  CardCellContent,
} from './data-table-cards';
import type { DataTableColumn } from './data-table-column';

type CellSx = ReadonlyArray<SystemStyleObject<Theme> | ((theme: Theme) => SystemStyleObject<Theme>)>;

/** The style of a column's cells, in the header and in the body; as cards, nothing sticks or keeps one line. */
export function columnSx<Row>(column: DataTableColumn<Row>, isHeader = false, isCards = false): CellSx {
  if (isCards) return isHeader ? [{ fontWeight: 700, whiteSpace: 'nowrap' }] : [CARD_CELL_SX];
  const sticky = column.sticky;
  return [
    isHeader ? { fontWeight: 700, whiteSpace: 'nowrap' } : {},
    column.noWrap ? { whiteSpace: 'nowrap' } : {},
    sticky
      ? {
          position: 'sticky',
          ...('left' in sticky ? { left: sticky.left } : { right: sticky.right }),
          width: sticky.width,
          minWidth: sticky.width,
          maxWidth: sticky.width,
          // Above the scrolling cells, and opaque so that they pass underneath.
          zIndex: isHeader ? 3 : 1,
          bgcolor: 'background.paper',
        }
      : {},
    // A line and a soft shadow on the side the other cells scroll under: the cue that more columns lie there.
    sticky
      ? (theme: Theme) => {
          const side = 'left' in sticky ? 1 : -1;
          return {
            boxShadow: `inset ${-side}px 0 0 ${theme.palette.divider}, ${side * 4}px 0 6px -4px rgba(0, 0, 0, 0.25)`,
          };
        }
      : {},
  ];
}

interface DataTableRowProps<Row> {
  row: Row;
  columns: readonly DataTableColumn<Row>[];
  renderExpanded?: (row: Row) => ReactNode;
  isExpanded: boolean;
  onToggle: () => void;
  /** Issue 15: the row as a card of 'column: value' lines (data-table-cards.tsx). */
  isCards?: boolean;
}

export function DataTableRow<Row>({
  row,
  columns,
  renderExpanded,
  isExpanded,
  onToggle,
  isCards = false,
}: DataTableRowProps<Row>) {
  const isExpandable = Boolean(renderExpanded);
  const columnCount = columns.length + (isExpandable ? 1 : 0);
  const rowRole = isCards ? CARD_ROLES.row : {};
  const cell = isCards ? CARD_ROLES.cell : {};
  return (
    <>
      <TableRow
        hover
        {...rowRole}
        sx={[
          isExpandable ? { '& > td': { borderBottom: 'unset' } } : {},
          // An open card's details follow it under the same line.
          isCards ? { ...CARD_ROW_SX, ...(isExpanded ? { borderBottom: 0 } : {}) } : {},
        ]}
      >
        {isExpandable && (
          <TableCell padding="checkbox" {...cell} sx={isCards ? CARD_TOGGLE_CELL_SX : undefined}>
            <IconButton
              size="small"
              aria-label={isExpanded ? 'Contraer fila' : 'Expandir fila'}
              aria-expanded={isExpanded}
              onClick={onToggle}
            >
              {isExpanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
            </IconButton>
          </TableCell>
        )}
        {columns.map((column) => (
          <TableCell key={column.key} align={column.align} {...cell} sx={columnSx(column, false, isCards)}>
            {isCards ? (
              <CardCellContent label={column.header}>{column.render(row)}</CardCellContent>
            ) : (
              column.render(row)
            )}
          </TableCell>
        ))}
      </TableRow>
      {renderExpanded && (
        <TableRow
          {...rowRole}
          sx={isCards ? (isExpanded ? CARD_DETAILS_ROW_SX : CARD_WIDE_ROW_SX) : undefined}
        >
          <TableCell colSpan={columnCount} {...cell} sx={[{ py: 0 }, isCards ? CARD_WIDE_CELL_SX : {}]}>
            {/* unmountOnExit: the details (and any load they start) exist only while open. */}
            <Collapse in={isExpanded} timeout="auto" unmountOnExit>
              <Box sx={{ py: 2 }}>{renderExpanded(row)}</Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
