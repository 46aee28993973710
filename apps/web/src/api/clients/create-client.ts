import type { Client, ClientFields } from '@camposanto/domain';
import { uploadForm, type UploadOptions } from '../upload';

/**
 * SPEC §7 POST /api/v1/clientes/ multipart fields: each field of the domain's client schema as text, and the age
 * the form computed.
 */
export type NewClientFields = Record<keyof ClientFields | 'edad', string>;

export function clientFormData(fields: NewClientFields, document: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (document) form.append('documento_identidad', document, document.name);
  return form;
}

/** SPEC §7 POST /api/v1/clientes/ (multipart); returns the client with its id. */
export function createClient(
  fields: NewClientFields,
  document: File | null,
  options?: UploadOptions,
): Promise<Client> {
  return uploadForm('/api/v1/clientes/', clientFormData(fields, document), options);
}
