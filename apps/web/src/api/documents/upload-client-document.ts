import type { ClientDocumentSaved } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm, type UploadOptions } from '../upload';
import { clientDocumentQueryKey } from './get-client-document';
import { documentsQueryKey } from './find-client';

/** SPEC §7 POST /api/clientes/{cedula}/upload-documento/, multipart: documento_identidad, nombre_documento. */
export function uploadClientDocument(
  cedula: string,
  file: File,
  options?: UploadOptions,
): Promise<ClientDocumentSaved> {
  const form = new FormData();
  form.append('documento_identidad', file);
  form.append('nombre_documento', file.name);
  return uploadForm(`/api/clientes/${encodeURIComponent(cedula)}/upload-documento/`, form, options);
}

export function useUploadClientDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cedula, file, ...options }: { cedula: string; file: File } & UploadOptions) =>
      uploadClientDocument(cedula, file, options),
    onSuccess: (client, { cedula }) => {
      const { mensaje: _mensaje, ...stored } = client;
      queryClient.setQueryData([...documentsQueryKey, 'cliente', cedula], stored);
      return queryClient.invalidateQueries({ queryKey: clientDocumentQueryKey(cedula) });
    },
  });
}
