import { COMPANY_MESSAGES, type CompanySettings } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const companyQueryKey = ['empresa'] as const;

/** Issue 14 GET /api/v1/admin/empresa: the letterhead printed on every PDF and e-mail. */
export function getCompany(): Promise<CompanySettings> {
  return apiRequest('/api/v1/admin/empresa');
}

export function useCompany() {
  return useQuery({
    queryKey: companyQueryKey,
    queryFn: getCompany,
    meta: { errorMessage: COMPANY_MESSAGES.errorCargarEmpresa },
  });
}
