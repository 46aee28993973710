import { apiResponse } from '../client';

/** A file served behind the token, with the name the server gives it (Content-Disposition). */
export interface NamedFile {
  blob: Blob;
  fileName: string | undefined;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename). */
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
  return /filename\s*=\s*"?([^";]+)"?/.exec(header)?.[1]?.trim();
}

/** Issue 14 GET /api/v1/pdf/estado-cuenta/{contratoId}: the contract's statement of account as a PDF. */
export async function getStatementPdf(contractId: number): Promise<NamedFile> {
  const { body, headers } = await apiResponse<Blob>(`/api/v1/pdf/estado-cuenta/${contractId}`, {
    responseType: 'blob',
  });
  return { blob: body, fileName: dispositionFileName(headers.get('content-disposition')) };
}
