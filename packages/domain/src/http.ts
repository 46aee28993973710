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

export const idParamSchema = z.object({ id: idNumber() });
export const messageSchema = z.object({ mensaje: z.string() });

/** GET /health: the process answers (decision 020). */
export const healthSchema = z.object({ status: z.string() });

/** GET /ready: whether the database answers too (decision 020). */
export const readinessSchema = z.object({ status: z.string(), database: z.string() });
