import type { CompanySettings } from '@camposanto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { uploadForm } from '../upload';
import { companyQueryKey } from './get-company';

const LOGO_PATH = '/api/v1/admin/empresa/logo';

/** The logo image, served only with the token; keyed by its file id so a new logo is fetched again. */
export function useCompanyLogo(logoId: string | undefined) {
  return useQuery({
    queryKey: [...companyQueryKey, 'logo', logoId],
    queryFn: () => apiRequest<Blob>(LOGO_PATH, { responseType: 'blob' }),
    enabled: logoId !== undefined,
    staleTime: Infinity,
  });
}

/** Issue 14 POST /api/v1/admin/empresa/logo (multipart field `logo`), with the upload's progress. */
export function uploadCompanyLogo(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<CompanySettings> {
  const form = new FormData();
  form.append('logo', file);
  return uploadForm(LOGO_PATH, form, { onProgress });
}

/** Issue 14 DELETE /api/v1/admin/empresa/logo. */
export function deleteCompanyLogo(): Promise<CompanySettings> {
  return apiRequest(LOGO_PATH, { method: 'DELETE' });
}

export function useUploadCompanyLogo(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCompanyLogo(file, onProgress),
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey, company),
  });
}

export function useDeleteCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyLogo,
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey, company),
  });
}
