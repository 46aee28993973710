import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table-column';

/** The style of a column's cells, in the header and in the body. */
export function columnSx<Row>(column: DataTableColumn<Row>, isHeader = false): SxProps<Theme> {
  return [
    isHeader ? { fontWeight: 700, whiteSpace: 'nowrap' } : {},
    column.noWrap ? { whiteSpace: 'nowrap' } : {},
    column.sticky
      ? {
          position: 'sticky',
          left: column.sticky.left,
          width: column.sticky.width,
          minWidth: column.sticky.width,
          maxWidth: column.sticky.width,
          // Above the scrolling cells, and opaque so that they pass underneath.
          zIndex: isHeader ? 3 : 1,
          bgcolor: 'background.paper',
          boxShadow: (theme) => `inset -1px 0 0 ${theme.palette.divider}`,
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
}

export function DataTableRow<Row>({
  row,
  columns,
  renderExpanded,
  isExpanded,
  onToggle,
}: DataTableRowProps<Row>) {
  const isExpandable = Boolean(renderExpanded);
  const columnCount = columns.length + (isExpandable ? 1 : 0);
  return (
    <>
      <TableRow hover sx={isExpandable ? { '& > td': { borderBottom: 'unset' } } : undefined}>
        {isExpandable && (
          <TableCell padding="checkbox">
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
          <TableCell key={column.key} align={column.align} sx={columnSx(column)}>
            {column.render(row)}
          </TableCell>
        ))}
      </TableRow>
      {renderExpanded && (
        <TableRow>
          <TableCell colSpan={columnCount} sx={{ py: 0 }}>
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
