import { LIST_PAGE_SIZES } from '@camposanto/domain';
import type { DataTablePagination } from './table-pagination';
import type { ListParams } from './use-list-params';

/** Issue 15: the server pages of a list whose page and size live in the URL (useListParams). */
export function listPagination<Filter extends string>(
  list: ListParams<Filter>,
  total: number,
  pageSizes: readonly number[] = LIST_PAGE_SIZES,
): DataTablePagination {
  return {
    mode: 'server',
    pageSizes,
    page: list.page,
    pageSize: list.pageSize,
    total,
    onPageChange: list.setPage,
    onPageSizeChange: list.setPageSize,
  };
}

/** The query without its dates when Desde falls after Hasta: the fields show the error, the server is not asked. */
export function withoutInvertedRange(query: Record<string, string>): Record<string, string> {
  if (!query.desde || !query.hasta || query.desde <= query.hasta) return query;
  const { desde: _desde, hasta: _hasta, ...rest } = query;
  return rest;
}
