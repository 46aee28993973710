import type { FastifyReply } from 'fastify';
import type { PdfFile } from './documents';

export const PDF_CONTENT_TYPE = 'application/pdf';

/** A generated PDF, always downloaded (attachment) under its meaningful name, never cached. */
export function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-type', PDF_CONTENT_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}
