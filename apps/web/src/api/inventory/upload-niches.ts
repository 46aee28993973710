import type { ImportResult } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm, type UploadOptions } from '../upload';
import { nichesQueryKey } from './get-niches';

/** POST /api/admin/upload-columbarios, multipart, field file (CSV). */
export function uploadNicheCsv(csv: File, options?: UploadOptions): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', csv);
  return uploadForm('/api/admin/upload-columbarios', form, options);
}

export function useUploadNiches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, ...options }: { csv: File } & UploadOptions) => uploadNicheCsv(csv, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nichesQueryKey }),
  });
}
