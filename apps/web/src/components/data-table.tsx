import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { Breakpoint } from '@mui/material/styles';
import { useState, type Key, type ReactNode } from 'react';
import type { DataTablePagination } from '../lib/table-pagination';
import {
  CARD_ROLES,
  CARD_WIDE_CELL_SX,
  CARD_WIDE_ROW_SX,
  cardTableSx,
  useCardLayout,
  VISUALLY_HIDDEN,
} from './data-table-cards';
import type { DataTableColumn, DataTableSort } from './data-table-column';
import { columnSx, DataTableRow } from './data-table-row';

export type { DataTableColumn, DataTableSort } from './data-table-column';
export type { DataTablePagination } from '../lib/table-pagination';

interface DataTableProps<Row> {
  /** Names the table for assistive technology. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** SPEC §5 Rules: every list has an empty state text from the spec. */
  emptyText: ReactNode;
  isLoading?: boolean;
  /** Makes rows expandable; the content is rendered only while a row is open. */
  renderExpanded?: (row: Row) => ReactNode;
  pagination?: DataTablePagination;
  /** Rows under the body, such as a total; shown only when there are rows. */
  footer?: ReactNode;
  /** Issue 15: sorted on the server by the columns that name a `sortField`. */
  sort?: DataTableSort;
  /**
   * Issue 15: below this breakpoint (e.g. 'md', where the side menu folds away) each row is a card of
   * 'column: value' lines, so that a wide table hides no column on a tablet (data-table-cards.tsx).
   */
  cardsBelow?: Breakpoint;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    columns,
    rows,
    rowKey,
    emptyText,
    isLoading = false,
    renderExpanded,
    pagination,
    footer,
    sort,
    cardsBelow,
  } = props;
  const isCards = useCardLayout(cardsBelow);
  const hasSortBar = isCards && sort !== undefined && columns.some((column) => column.sortField);
  // As cards, the explicit roles keep the table's semantics; the cells span the card.
  const roles = (part: keyof typeof CARD_ROLES) => (isCards ? CARD_ROLES[part] : {});
  const wideCellSx = isCards ? CARD_WIDE_CELL_SX : {};
  const wideRowSx = isCards ? CARD_WIDE_ROW_SX : undefined;
  const [clientPage, setClientPage] = useState(0);
  const [clientPageSize, setClientPageSize] = useState(
    pagination?.mode === 'client' ? (pagination.defaultPageSize ?? pagination.pageSizes[0] ?? 10) : 10,
  );
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(new Set());

  const isClientPaged = pagination?.mode === 'client';
  // After a deletion the last page may be gone: show the last page that still exists.
  const lastClientPage = Math.max(0, Math.ceil(rows.length / clientPageSize) - 1);
  const page = pagination?.mode === 'server' ? pagination.page : Math.min(clientPage, lastClientPage);
  const pageSize = pagination?.mode === 'server' ? pagination.pageSize : clientPageSize;
  const visibleRows = isClientPaged ? rows.slice(page * pageSize, page * pageSize + pageSize) : rows;
  const columnCount = columns.length + (renderExpanded ? 1 : 0);

  function toggle(key: Key) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  function changePage(nextPage: number) {
    if (pagination?.mode === 'server') pagination.onPageChange(nextPage);
    else setClientPage(nextPage);
  }

  function changePageSize(nextSize: number) {
    if (pagination?.mode === 'server') {
      pagination.onPageSizeChange(nextSize);
    } else {
      setClientPageSize(nextSize);
      setClientPage(0);
    }
  }

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table
          size="small"
          aria-label={label}
          {...roles('table')}
          sx={isCards ? cardTableSx(hasSortBar ? { label: 'Ordenar por:' } : undefined) : undefined}
        >
          <TableHead {...roles('rowgroup')}>
            <TableRow {...roles('row')}>
              {renderExpanded && (
                <TableCell
                  padding="checkbox"
                  aria-label="Detalles"
                  {...roles('columnheader')}
                  sx={hasSortBar ? VISUALLY_HIDDEN : undefined}
                />
              )}
              {columns.map((column) => (
                <SortableHeaderCell
                  key={column.key}
                  column={column}
                  sort={sort}
                  isCards={isCards}
                  isHidden={hasSortBar && !column.sortField}
                />
              ))}
            </TableRow>
          </TableHead>
          <TableBody {...roles('rowgroup')}>
            {isLoading ? (
              <TableRow {...roles('row')} sx={wideRowSx}>
                <TableCell
                  colSpan={columnCount}
                  align="center"
                  {...roles('cell')}
                  sx={[{ py: 4 }, wideCellSx]}
                >
                  <CircularProgress aria-label="Cargando..." />
                </TableCell>
              </TableRow>
            ) : visibleRows.length === 0 ? (
              <TableRow {...roles('row')} sx={wideRowSx}>
                <TableCell
                  colSpan={columnCount}
                  align="center"
                  {...roles('cell')}
                  sx={[{ py: 3 }, wideCellSx]}
                >
                  <Typography color="text.secondary">{emptyText}</Typography>
                </TableCell>
              </TableRow>
            ) : (
              visibleRows.map((row) => {
                const key = rowKey(row);
                return (
                  <DataTableRow
                    key={key}
                    row={row}
                    columns={columns}
                    renderExpanded={renderExpanded}
                    isExpanded={expanded.has(key)}
                    onToggle={() => toggle(key)}
                    isCards={isCards}
                  />
                );
              })
            )}
          </TableBody>
          {footer && !isLoading && visibleRows.length > 0 && (
            <TableFooter {...roles('rowgroup')}>{footer}</TableFooter>
          )}
        </Table>
      </TableContainer>
      {pagination && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
          {/* MUI names the page size only when there is a choice; a list with one size still says it. */}
          {pagination.pageSizes.length === 1 && (
            <Typography variant="body2" sx={{ pl: 2, whiteSpace: 'nowrap' }}>
              Filas por página: {pageSize}
            </Typography>
          )}
          <TablePagination
            component="div"
            count={pagination.mode === 'server' ? pagination.total : rows.length}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...pagination.pageSizes]}
            labelRowsPerPage="Filas por página:"
            onPageChange={(_event, nextPage) => changePage(nextPage)}
            onRowsPerPageChange={(event) => changePageSize(Number(event.target.value))}
            sx={{ minWidth: 0 }}
          />
        </Box>
      )}
    </Paper>
  );
}

interface SortableHeaderCellProps<Row> {
  column: DataTableColumn<Row>;
  sort?: DataTableSort;
  isCards: boolean;
  /** As cards with a sort bar, the headers that do not sort are hidden from sight (each card names them). */
  isHidden: boolean;
}

/** A header cell; with a sort field and a sort, a button that sorts ascending, then descending (aria-sort). */
function SortableHeaderCell<Row>({ column, sort, isCards, isHidden }: SortableHeaderCellProps<Row>) {
  const field = column.sortField;
  const role = isCards ? CARD_ROLES.columnheader : {};
  const sx = [...columnSx(column, true, isCards), isHidden ? VISUALLY_HIDDEN : {}];
  if (!field || !sort) {
    return (
      <TableCell align={column.align} {...role} sx={sx}>
        {column.header}
      </TableCell>
    );
  }
  const isActive = sort.orden === field || sort.orden === `-${field}`;
  const isDescending = sort.orden === `-${field}`;
  return (
    <TableCell
      align={column.align}
      {...role}
      sx={sx}
      aria-sort={isActive ? (isDescending ? 'descending' : 'ascending') : 'none'}
    >
      <TableSortLabel
        active={isActive}
        direction={isDescending ? 'desc' : 'asc'}
        onClick={() => sort.onSortChange(isActive && !isDescending ? `-${field}` : field)}
      >
        {column.header}
      </TableSortLabel>
    </TableCell>
  );
}
