import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * An object with `inject` that sends each call over real HTTP to one of `baseUrls`, in turn (round-robin),
 * so that the helpers written for `app.inject` (sign-in, users, clients, requests, payments) drive running
 * server processes. Only what those helpers use is supported: method, url, headers and a payload given as
 * an object (sent as JSON), a string or a Buffer. `remoteAddress` cannot be chosen over TCP and is ignored.
 */
export function httpInjector(baseUrls: readonly string[]): FastifyInstance {
  let next = 0;
  const inject = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const baseUrl = baseUrls[next % baseUrls.length]!;
    next += 1;
    return send(baseUrl, options);
  };
  return { inject } as unknown as FastifyInstance;
}

async function send(baseUrl: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const headers = new Headers(options.headers as Record<string, string> | undefined);
  let body: string | Uint8Array | undefined;
  const payload = options.payload ?? options.body;
  if (Buffer.isBuffer(payload)) body = new Uint8Array(payload);
  else if (typeof payload === 'string') body = payload;
  else if (payload !== undefined) {
    body = JSON.stringify(payload);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const response = await fetch(`${baseUrl}${String(options.url)}`, {
    method: options.method ?? 'GET',
    headers,
    body,
  });
  const raw = Buffer.from(await response.arrayBuffer());
  const text = raw.toString('utf8');
  return {
    statusCode: response.status,
    statusMessage: response.statusText,
    headers: Object.fromEntries(response.headers),
    rawPayload: raw,
    payload: text,
    body: text,
    json: () => JSON.parse(text) as unknown,
  } as unknown as LightMyRequestResponse;
}
