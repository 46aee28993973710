import { ApiError, errorDetail } from '../client';

/** Issue 14 §1: the download buttons' texts that only the web shows. */
export const PDF_MESSAGES = {
  sinPermiso: 'No tiene permiso para descargar este documento.',
  noEncontrado: 'El documento no existe o ya no está disponible.',
  errorDescarga: 'No se pudo generar el PDF. Intente de nuevo más tarde.',
} as const;

/**
 * The notice of a failed download: a refusal and a missing record say so (with the server's reason for a 404 or
 * a 400, e.g. 'Contrato no encontrado.'); any other failure, a server error included, says the PDF could not be
 * made.
 */
export function pdfErrorText(error: unknown): string {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 403) return PDF_MESSAGES.sinPermiso;
  if (status === 404) return errorDetail(error) ?? PDF_MESSAGES.noEncontrado;
  if (status === 400 || status === 409 || status === 422)
    return errorDetail(error) ?? PDF_MESSAGES.errorDescarga;
  return PDF_MESSAGES.errorDescarga;
}
