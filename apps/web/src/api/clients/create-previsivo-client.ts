import type { PrevisivoClient } from '@camposanto/domain';
import { clientFormData, type NewClientFields } from './create-client';
import { uploadForm, type UploadOptions } from '../upload';

/** SPEC §7: the pre-need form creates its client with POST /api/clientes and reads cliente_id. */
export function createPrevisivoClient(
  fields: NewClientFields,
  document: File | null,
  options?: UploadOptions,
): Promise<PrevisivoClient> {
  return uploadForm('/api/clientes', clientFormData(fields, document), options);
}
