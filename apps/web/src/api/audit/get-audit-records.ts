import type { AuditRecord } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export interface AuditFilters {
  rol: string;
  desde: string;
  hasta: string;
}

export const auditQueryKey = (filters: AuditFilters) => ['auditoria', filters] as const;

export function getAuditRecords(filters: AuditFilters): Promise<AuditRecord[]> {
  // Empty filters are omitted by the client.
  return apiRequest('/api/v1/admin/auditoria', { query: { ...filters } });
}

export function useAuditRecords(filters: AuditFilters) {
  // SPEC §8: an audit failure is logged only, so there is no notice here.
  return useQuery({ queryKey: auditQueryKey(filters), queryFn: () => getAuditRecords(filters) });
}
