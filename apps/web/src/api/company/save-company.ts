import type { CompanySettings, CompanySettingsValues } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { companyQueryKey } from './get-company';

/** Issue 14 PUT /api/v1/admin/empresa: every field but the logo. */
export function saveCompany(values: CompanySettingsValues): Promise<CompanySettings> {
  return apiRequest('/api/v1/admin/empresa', { method: 'PUT', json: values });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey, company),
  });
}
