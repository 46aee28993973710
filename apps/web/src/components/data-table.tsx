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
import { useState, type Key, type ReactNode } from 'react';
import type { DataTablePagination } from '../lib/table-pagination';
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
  } = props;
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
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {renderExpanded && <TableCell padding="checkbox" aria-label="Detalles" />}
              {columns.map((column) => (
                <SortableHeaderCell key={column.key} column={column} sort={sort} />
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading ? (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
                  <CircularProgress aria-label="Cargando..." />
                </TableCell>
              </TableRow>
            ) : visibleRows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 3 }}>
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
                  />
                );
              })
            )}
          </TableBody>
          {footer && !isLoading && visibleRows.length > 0 && <TableFooter>{footer}</TableFooter>}
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

/** A header cell; with a sort field and a sort, a button that sorts ascending, then descending (aria-sort). */
function SortableHeaderCell<Row>({ column, sort }: { column: DataTableColumn<Row>; sort?: DataTableSort }) {
  const field = column.sortField;
  if (!field || !sort) {
    return (
      <TableCell align={column.align} sx={columnSx(column, true)}>
        {column.header}
      </TableCell>
    );
  }
  const isActive = sort.orden === field || sort.orden === `-${field}`;
  const isDescending = sort.orden === `-${field}`;
  return (
    <TableCell
      align={column.align}
      sx={columnSx(column, true)}
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
