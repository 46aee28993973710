import type { ReactNode } from 'react';

/** One column of a DataTable: its header and how a row's cell reads. */
export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** Keeps short values such as dates on one line. */
  noWrap?: boolean;
  /**
   * Keeps the column in view while a wide table scrolls sideways: `left` is the width of the sticky
   * columns before it, `width` its own (both in px); `right` (issue 15) the width of those after it, for a
   * last column such as a switch that must stay in view.
   */
  sticky?: { left: number; width: number } | { right: number; width: number };
  /** Issue 15: the server's `orden` field this column sorts by; its header becomes a sort button. */
  sortField?: string;
}

/** Issue 15: the list's `orden` (a field, '-' before it for descending) and how to change it. */
export interface DataTableSort {
  orden: string | undefined;
  onSortChange: (orden: string) => void;
}
