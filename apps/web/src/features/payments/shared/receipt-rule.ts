import { PAYMENT_MESSAGES } from '@camposanto/domain';
import type { FileRule } from '../../../components/file-input';

/** SPEC §5 Instalment payment: proof files are an image or a PDF (the server checks the content too). */
export const RECEIPT_RULE: FileRule = {
  accept: 'image/*,application/pdf,.pdf',
  matches: (file) =>
    file.type.startsWith('image/') || file.type === 'application/pdf' || /\.pdf$/i.test(file.name),
  invalidMessage: PAYMENT_MESSAGES.comprobanteTipo,
};
