// STYLE.md: one error type with a code and a Spanish message; one place (plugins/errors.ts) maps it to HTTP.
const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS_BY_CODE;

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Extra fields of the body, e.g. `mensaje` and `error` of login failures. */
  readonly extra: Record<string, string> | undefined;

  constructor(code: AppErrorCode, message: string, extra?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.extra = extra;
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** PostgreSQL unique-violation, as raised by both drivers (directly or wrapped in `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidate = pgError(error);
  if (!candidate || candidate.code !== '23505') return false;
  return constraint ? candidate.constraint === constraint : true;
}

/** PostgreSQL class 22 (data exception): a value out of range, badly encoded or of the wrong form. */
export function isDataException(error: unknown): boolean {
  return pgError(error)?.code?.startsWith('22') ?? false;
}

function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^\d{5}$|^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    current = candidate.cause;
  }
  return undefined;
}
