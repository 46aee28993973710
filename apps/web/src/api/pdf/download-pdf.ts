import type { QuoteRequestInput } from '@camposanto/domain';
import { apiResponse, type RequestOptions } from '../client';

/** A PDF served behind the token, with the name the server gave it. */
export interface DownloadedPdf {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` first, then `filename`). */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoded name falls back to the plain one.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(header)?.[1]?.trim() || undefined;
}

/**
 * Issue 14 §1: the PDFs need the session's token (an <a href> cannot send it), so they are fetched through the
 * API client and saved under the server's file name (`fallbackName` only when the server sent none).
 */
export async function fetchPdf(
  path: string,
  fallbackName: string,
  options: Pick<RequestOptions, 'method' | 'json'> = {},
): Promise<DownloadedPdf> {
  const { body, headers } = await apiResponse<Blob>(path, { ...options, responseType: 'blob' });
  return { blob: body, fileName: dispositionFileName(headers.get('content-disposition')) ?? fallbackName };
}

/** Hands a fetched file to the browser's download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start saving the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What a download button fetches: one of the PDF routes, with the name to use if the server gives none. */
export interface PdfSource {
  path: string;
  fallbackName: string;
  method?: 'GET' | 'POST';
  json?: unknown;
}

/** GET /api/v1/pdf/contrato/{contratoId}. */
export const contractPdf = (contractId: number, number?: string | null): PdfSource => ({
  path: `/api/v1/pdf/contrato/${contractId}`,
  fallbackName: `contrato-${number ?? contractId}.pdf`,
});

/** GET /api/v1/pdf/estado-cuenta/{contratoId}. */
export const statementPdf = (contractId: number, number?: string | null): PdfSource => ({
  path: `/api/v1/pdf/estado-cuenta/${contractId}`,
  fallbackName: `estado-cuenta-${number ?? contractId}.pdf`,
});

/** GET /api/v1/pdf/recibo/{pagoId}. */
export const receiptPdf = (paymentId: number): PdfSource => ({
  path: `/api/v1/pdf/recibo/${paymentId}`,
  fallbackName: `recibo-${paymentId}.pdf`,
});

/** POST /api/v1/pdf/presupuesto: the request form's body before it is saved. */
export const quotePdf = (body: QuoteRequestInput): PdfSource => ({
  path: '/api/v1/pdf/presupuesto',
  fallbackName: 'presupuesto.pdf',
  method: 'POST',
  json: body,
});

/** Fetches a PDF and saves it; the caller shows the progress and the failure. */
export async function downloadPdf({ path, fallbackName, method, json }: PdfSource): Promise<string> {
  const { blob, fileName } = await fetchPdf(path, fallbackName, { method, json });
  saveBlob(blob, fileName);
  return fileName;
}
