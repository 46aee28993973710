import type { AuthorizedPersonInput, AuthorizedSaved } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm, type UploadOptions } from '../upload';
import { authorizedQueryKey } from './get-authorized-contracts';

export interface NewAuthorized {
  contractId: number;
  sellerId: string;
  /** The persons filled in, each with its optional identity image. */
  persons: { person: AuthorizedPersonInput & { edad: number }; document: File | null }[];
}

/**
 * SPEC §7 POST /api/v1/autorizados, multipart: contrato_id, vendedor_id, autorizados_str (JSON list of
 * persons) and the i-th person's image as documento_identidad_i.
 */
export function addAuthorized(
  { contractId, sellerId, persons }: NewAuthorized,
  options?: UploadOptions,
): Promise<AuthorizedSaved> {
  const form = new FormData();
  form.append('contrato_id', String(contractId));
  form.append('vendedor_id', sellerId);
  const list = persons.map(({ person, document }) => ({
    ...person,
    nombre_documento: document?.name ?? null,
  }));
  form.append('autorizados_str', JSON.stringify(list));
  persons.forEach(({ document }, index) => {
    if (document) form.append(`documento_identidad_${index}`, document);
  });
  return uploadForm('/api/v1/autorizados', form, options);
}

export function useAddAuthorized() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ onProgress, ...args }: NewAuthorized & UploadOptions) =>
      addAuthorized(args, { onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorizedQueryKey }),
  });
}
