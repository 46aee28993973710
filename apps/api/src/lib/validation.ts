import type { z } from 'zod';

/** Input checked inside a handler (multipart fields, JSON arrays): answered as 422 like schema errors. */
export class InputError extends Error {
  constructor(readonly issues: { loc: (string | number)[]; msg: string; type: string }[]) {
    super(issues.map((issue) => issue.msg).join('; '));
  }
}

export function parseInput<S extends z.ZodType>(schema: S, data: unknown, location = 'body'): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new InputError(
    result.error.issues.map((issue) => ({
      loc: [location, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
      msg: issue.message,
      type: issue.code,
    })),
  );
}
