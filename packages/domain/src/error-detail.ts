// Kept apart from the zod schemas of http.ts: the web's sign-in page reads it without loading zod (issue 12).

/** SPEC §8: a server detail may be a string or a list of items with msg, joined by '; '. */
export function detailText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item) => (item && typeof item === 'object' ? String((item as { msg?: unknown }).msg ?? '') : ''))
      .filter(Boolean)
      .join('; ');
  }
  const mensaje = (body as { mensaje?: unknown }).mensaje;
  return typeof mensaje === 'string' ? mensaje : undefined;
}
