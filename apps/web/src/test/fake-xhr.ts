import { vi } from 'vitest';

export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  form: FormData;
}

type Reply = { status?: number; body?: unknown };

/**
 * Replaces XMLHttpRequest (used for uploads with progress) with answers keyed by 'METHOD /path'.
 * Each send reports its progress at half and at the end, then answers; unknown calls answer 404.
 */
export function mockUploads(handlers: Record<string, Reply | ((form: FormData) => Reply)>) {
  const sent: SentUpload[] = [];

  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.dispatchEvent(new Event('abort'));
    }

    send(form: FormData) {
      sent.push({ method: this.method, url: this.url, headers: this.headers, form });
      const handler = handlers[`${this.method} ${this.url}`];
      const reply =
        typeof handler === 'function'
          ? handler(form)
          : (handler ?? { status: 404, body: { detail: 'No encontrado' } });
      setTimeout(() => {
        for (const loaded of [50, 100]) {
          const progress = Object.assign(new Event('progress'), {
            lengthComputable: true,
            loaded,
            total: 100,
          });
          this.upload.dispatchEvent(progress);
        }
        this.status = reply.status ?? 200;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.dispatchEvent(new Event('load'));
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
