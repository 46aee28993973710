import type { AuditQuery, AuditRecord } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getListPage, type ListPage } from '../list-page';

/** The domain's audit query as the filter fields hold it: text, empty for no filter. */
export type AuditFilters = Record<keyof AuditQuery, string>;
/** Issue 15: the search, order and action filter too (decision 032); absent words are no filter. */
export type AuditListFilters = Partial<AuditFilters> & { q?: string; orden?: string; accion?: string };

export const auditQueryKey = ['auditoria'] as const;

/** SPEC §7 GET /api/v1/admin/auditoria: one page of the filter, newest first (issue 12: paged on the server). */
export async function getAuditRecords(
  filters: AuditListFilters,
  { page, perPage }: { page: number; perPage: number },
): Promise<ListPage<AuditRecord>> {
  // Empty filters are omitted by the client.
  const { items, total } = await getListPage<AuditRecord>('/api/v1/admin/auditoria', {
    page,
    perPage,
    filters: { ...filters },
  });
  return { items, total };
}

export function useAuditRecords(filters: AuditListFilters, page: { page: number; perPage: number }) {
  // SPEC §8: an audit failure is logged only, so there is no notice here.
  return useQuery({
    queryKey: [...auditQueryKey, filters, page],
    queryFn: () => getAuditRecords(filters, page),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
