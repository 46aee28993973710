import { DEFAULT_LIST_PAGE_SIZE, LIST_PAGE_SIZES } from '@camposanto/domain';
import { useEffect, useState } from 'react';
import type { DataTablePagination } from './table-pagination';

/**
 * The page (zero-based) and page size of a list paged on the server (SPEC §9: 5, 10, 25, default 10, unless
 * the list has sizes of its own).
 */
export function useTablePage({
  pageSizes = LIST_PAGE_SIZES,
  defaultPageSize = DEFAULT_LIST_PAGE_SIZE,
}: { pageSizes?: readonly number[]; defaultPageSize?: number } = {}) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(defaultPageSize);

  function pagination(total: number): DataTablePagination {
    return {
      mode: 'server',
      pageSizes,
      page,
      pageSize,
      total,
      onPageChange: setPage,
      onPageSizeChange: (size) => {
        setPageSize(size);
        setPage(0);
      },
    };
  }

  return { page, pageSize, setPage, pagination };
}

/**
 * A page that comes back empty after its last row went (deleted, converted) or past an estimated total:
 * show the page before it.
 */
export function useStepBackWhenEmpty(
  { page, setPage }: { page: number; setPage: (page: number) => void },
  received: number | undefined,
) {
  useEffect(() => {
    if (received === 0 && page > 0) setPage(page - 1);
  }, [received, page, setPage]);
}
