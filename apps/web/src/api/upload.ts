import { getToken } from '../lib/session';
import { failedAnswer, parseBody } from './client';

export interface UploadOptions {
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** POST unless the route replaces a part of a record (PATCH). */
  method?: 'POST' | 'PATCH';
}

/** Network failures have no server detail: the screen shows its own text. */
export class UploadNetworkError extends Error {
  constructor() {
    super('No se pudo conectar con el servidor.');
    this.name = 'UploadNetworkError';
  }
}

/**
 * Sends a multipart form with upload progress (DESIGN §5: long work shows progress). fetch cannot
 * report the progress of a request body, so this goes through XMLHttpRequest, with the API client's
 * token, 401 and error handling.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, method = 'POST' } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    const token = getToken();
    request.open(method, path);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const payload = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(payload as T);
      } else {
        reject(failedAnswer(request.status, payload, { sentToken: Boolean(token) }));
      }
    });
    request.addEventListener('error', () => reject(new UploadNetworkError()));
    request.addEventListener('abort', () => reject(signal?.reason ?? new UploadNetworkError()));
    signal?.addEventListener('abort', () => request.abort(), { once: true });

    request.send(form);
  });
}

/** The share done of uploads sent one after another, each weighted by its size. */
export function sequenceProgress(sizes: readonly number[], onProgress?: (fraction: number) => void) {
  const total = sizes.reduce((sum, size) => sum + size, 0) || 1;
  return (step: number) => (fraction: number) => {
    const before = sizes.slice(0, step).reduce((sum, size) => sum + size, 0);
    onProgress?.((before + fraction * (sizes[step] ?? 0)) / total);
  };
}
