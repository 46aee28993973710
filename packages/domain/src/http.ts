import { z } from 'zod';
import { idNumber } from './numbers';

/** DESIGN §3 Errors: `{"detail": "..."}` or a list of `{loc, msg, type}`. */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export const errorBodySchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
  mensaje: z.string().optional(),
  error: z.string().optional(),
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

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

export const idParamSchema = z.object({ id: idNumber() });
export const messageSchema = z.object({ mensaje: z.string() });
