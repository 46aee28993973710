// Issue 14 §1: the PDF documents, for the routes of this module and for the other modules (reminders, mail).
// No ownership check inside: callers check who may see the data first.
export {
  buildContractPdf,
  buildReceiptPdf,
  buildRequestPdf,
  buildStatementPdf,
  type PdfArgs,
  type PdfFile,
} from './documents';
export { PDF_CONTENT_TYPE, sendPdf } from './send';
