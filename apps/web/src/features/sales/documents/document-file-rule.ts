import { CARE_MESSAGES } from '@camposanto/domain';
import type { FileRule } from '../../../components/file-input';

/** SPEC §5 Document search: identity documents are images or PDF (the server checks the content too). */
export const IDENTITY_DOCUMENT_RULE: FileRule = {
  accept: 'image/*,application/pdf,.pdf',
  matches: (file) =>
    file.type.startsWith('image/') || file.type === 'application/pdf' || /\.pdf$/i.test(file.name),
  invalidMessage: CARE_MESSAGES.documentoTipo,
};
