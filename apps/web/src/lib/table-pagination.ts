/** How a table pages: client paging slices the rows it has; server paging shows the page the caller fetched. */
export type DataTablePagination =
  | { mode: 'client'; pageSizes: readonly number[]; defaultPageSize?: number }
  | {
      mode: 'server';
      pageSizes: readonly number[];
      /** Zero-based. */
      page: number;
      pageSize: number;
      total: number;
      onPageChange: (page: number) => void;
      onPageSizeChange: (pageSize: number) => void;
    };
