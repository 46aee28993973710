import type { Client } from '@camposanto/domain';
import { uploadForm, type UploadOptions } from '../upload';

/** SPEC §7 POST /api/v1/clientes/ multipart fields (text), plus the identity document image if any. */
export interface NewClientFields {
  vendedor_id: string;
  nombre: string;
  cedula: string;
  fecha_nacimiento: string;
  edad: string;
  telefono: string;
  celular: string;
  email: string;
  direccion: string;
  nombre_documento: string;
}

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
