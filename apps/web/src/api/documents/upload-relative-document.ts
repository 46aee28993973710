import type { Relative } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm, type UploadOptions } from '../upload';
import { relativeDocumentQueryKey } from './get-relative-document';
import { relativesQueryKey } from './get-relatives';

/** SPEC §7 PATCH /api/v1/previsivos/familiares/{id}/documento, multipart: documento_identidad, nombre_documento. */
export function uploadRelativeDocument(
  relativeId: number,
  file: File,
  options?: UploadOptions,
): Promise<Relative> {
  const form = new FormData();
  form.append('documento_identidad', file);
  form.append('nombre_documento', file.name);
  return uploadForm(`/api/v1/previsivos/familiares/${relativeId}/documento`, form, {
    ...options,
    method: 'PATCH',
  });
}

export function useUploadRelativeDocument(contractId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ relativeId, file, ...options }: { relativeId: number; file: File } & UploadOptions) =>
      uploadRelativeDocument(relativeId, file, options),
    onSuccess: (_relative, { relativeId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: relativesQueryKey(contractId) }),
        queryClient.invalidateQueries({ queryKey: relativeDocumentQueryKey(relativeId) }),
      ]),
  });
}
