import { detailText } from '@camposanto/domain';
import { clearSession, getToken } from '../lib/session';

/** An API failure: `message` is the server's Spanish detail when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly body: unknown,
  ) {
    super(detail ?? `Error ${status}`);
    this.name = 'ApiError';
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server's detail of an error, if it is an API error that carries one. */
export function errorDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? error.detail : undefined;
}

/** SPEC §8: a notice made of the screen's text plus the server's detail, when there is one. */
export function withDetail(text: string, error: unknown, separator = ': '): string {
  const detail = errorDetail(error);
  // A server that answers with the screen's own text (e.g. 'Error al enviar correo.') is not said twice.
  if (!detail || detail === text) return text;
  return text.endsWith('.') ? `${text} ${detail}` : `${text}${separator}${detail}`;
}

let onUnauthorized: () => void = () => window.location.assign('/');

/** The app decides what a lost session does (notice, navigation); the client only reports it. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  form?: Record<string, string>;
  query?: Record<string, QueryValue>;
  /** Send the bearer token (default). Public calls of the login page send none. */
  auth?: boolean;
  /** Let a 401 end the session (default). Sign-out turns it off: the session is ending anyway. */
  endSessionOn401?: boolean;
  /** 'blob' for files served behind the token (map images, documents); JSON otherwise. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    // Empty filters are left out, not sent as empty strings.
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function buildBody(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (options.form) {
    return { body: new URLSearchParams(options.form), contentType: 'application/x-www-form-urlencoded' };
  }
  if (options.json !== undefined)
    return { body: JSON.stringify(options.json), contentType: 'application/json' };
  return {};
}

/** An answer's body: JSON when it is JSON, else its text; undefined when empty. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The one door to the API: every URL of the web app goes through here. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).body;
}

/** An answer with its headers, for the lists that send their total in a header (X-Total-Count). */
export async function apiResponse<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const { auth = true, endSessionOn401 = true } = options;
  const token = auth ? getToken() : null;
  const { body, contentType } = buildBody(options);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (contentType) headers['Content-Type'] = contentType;
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  if (response.ok && options.responseType === 'blob') {
    return { body: (await response.blob()) as T, headers: response.headers };
  }
  const payload = parseBody(await response.text());
  if (response.ok) return { body: payload as T, headers: response.headers };
  throw failedAnswer(response.status, payload, { sentToken: Boolean(token), endSessionOn401 });
}

/** The error of a failed answer; also used by the upload helper, which sends through XMLHttpRequest. */
export function failedAnswer(
  status: number,
  payload: unknown,
  { sentToken, endSessionOn401 = true }: { sentToken: boolean; endSessionOn401?: boolean },
): ApiError {
  // A 401 on a call that carried a token means the session is over (expired, revoked, signed out elsewhere).
  if (status === 401 && sentToken && endSessionOn401) {
    clearSession();
    onUnauthorized();
  }
  return new ApiError(status, detailText(payload), payload);
}
