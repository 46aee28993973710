import type { z } from 'zod';
import { MSG } from '@camposanto/domain';

type Issue = { loc: (string | number)[]; msg: string; type: string };

/** Input checked inside a handler (multipart fields, JSON arrays): answered as 422 like schema errors. */
export class InputError extends Error {
  constructor(readonly issues: Issue[]) {
    super(issues.map((issue) => issue.msg).join('; '));
  }
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input (a value or a key, at any depth)
 * would fail in the database as a 500 (issue 11): it is refused as a 422 at `location` instead.
 */
export function refuseNulCharacters(value: unknown, location: string): void {
  const path = nulPath(value, 0);
  if (!path) return;
  throw new InputError([{ loc: [location, ...path], msg: MSG.caracterNoPermitido, type: 'invalid_string' }]);
}

// Parsed JSON nests at most as deep as the 1 MB body allows; the depth cap only bounds the walk.
const MAX_DEPTH = 64;

function nulPath(value: unknown, depth: number): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && key.includes('\u0000')) return [key];
    const inner = nulPath(item, depth + 1);
    if (inner) return [key, ...inner];
  }
  return undefined;
}

export function parseInput<S extends z.ZodType>(schema: S, data: unknown, location = 'body'): z.infer<S> {
  refuseNulCharacters(data, location);
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
