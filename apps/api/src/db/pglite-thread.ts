import type { Results, Transaction } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';
import { isDrizzles } from './pglite-parsers';

/** A message to the database thread (pglite-thread-worker.ts); `tx` runs it in that open transaction. */
export type Request =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: RowMode;
      isDrizzles: boolean;
      tx?: number;
    }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' };

/** The thread's answer to a request, or a notification on a channel listened to. */
export type Reply =
  { id: number; result?: unknown; error?: Record<string, unknown> } | { channel: string; payload: string };

type RowMode = 'array' | 'object';
type Options = { rowMode?: RowMode; parsers?: Record<number, unknown> };
type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * The compiled server has the thread's own entry beside its chunks (scripts/build.mjs). The sources (npm run dev,
 * the tests) load its TypeScript through tsx, registered in the thread: Node 20 does not pass `--import tsx` on.
 */
const isSource = import.meta.url.endsWith('.ts');
const workerFile = isSource
  ? `import('tsx/esm/api').then((tsx) => {
      tsx.register();
      return import(${JSON.stringify(new URL('./pglite-thread-worker.ts', import.meta.url).href)});
    })`
  : new URL('./pglite-thread-worker.js', import.meta.url);

/**
 * Issue 12 (decision 051): the server's PGlite runs in a worker thread, so PostgreSQL's work (about half of a list
 * request's CPU) runs on the machine's other core while the main thread reads requests and writes answers. This
 * stands in for the PGlite client where the server uses one: `query`, `exec`, `transaction` and `listen`, with
 * rows, errors (with PostgreSQL's code and constraint) and notifications carried between the threads. Parsers
 * cannot cross: Drizzle's (its types as text) are named, and every other statement reads PGlite's own.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #lastId = 0;
  #failure: Error | undefined;

  private constructor(
    dataDir: string,
    ready: { resolve: (value: unknown) => void; reject: (error: Error) => void },
  ) {
    this.#pending.set(0, ready);
    this.#worker = new Worker(workerFile, {
      workerData: { dataDir },
      eval: isSource,
    });
    this.#worker.on('message', (reply: Reply) => this.#receive(reply));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) =>
      this.#fail(new Error(`the database thread stopped (exit code ${code})`)),
    );
  }

  /** Opens the PGlite folder `dataDir` in a new thread; resolves once PostgreSQL has started there. */
  static async open(dataDir: string): Promise<PgliteThread> {
    let thread: PgliteThread | undefined;
    await new Promise((resolve, reject) => (thread = new PgliteThread(dataDir, { resolve, reject })));
    return thread!;
  }

  /** Requests sent to the thread and not yet answered. */
  get pending(): number {
    return this.#pending.size;
  }

  query<T>(text: string, params: unknown[] = [], options?: Options): Promise<Results<T>> {
    return this.#statement(text, params, options) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Results[]> {
    return this.#call({ op: 'exec', text }) as Promise<Results[]>;
  }

  /** As PGlite's: `callback` runs its statements in one transaction, committed when it resolves. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    let isClosed = false;
    const end = (commit: boolean) => {
      isClosed = true;
      return this.#call({ op: 'end', tx, commit });
    };
    const handle = {
      query: (text: string, params: unknown[] = [], options?: Options) =>
        this.#statement(text, params, options, tx),
      exec: (text: string) => this.#call({ op: 'exec', text, tx }),
      rollback: async () => void (await end(false)),
      get closed() {
        return isClosed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      if (!isClosed) await end(false);
      throw error;
    }
    if (!isClosed) await end(true);
    return result;
  }

  /** LISTEN on `channel`: `callback` receives each NOTIFY's payload. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.#listeners.set(channel, callbacks);
      await this.#call({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => void callbacks.delete(callback);
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }

  #statement(text: string, params: unknown[], options: Options | undefined, tx?: number) {
    const { rowMode, parsers, ...rest } = options ?? {};
    if (Object.keys(rest).length || (parsers && !isDrizzles(parsers as never))) {
      return Promise.reject(
        new Error('the database thread takes no options but rowMode and Drizzle’s parsers'),
      );
    }
    return this.#call({ op: 'query', text, params, rowMode, isDrizzles: parsers !== undefined, tx });
  }

  #call(request: Unsent<Request>): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #receive(reply: Reply) {
    if ('channel' in reply) {
      for (const callback of this.#listeners.get(reply.channel) ?? []) callback(reply.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (!reply.error) return pending?.resolve(reply.result);
    const { message, ...fields } = reply.error;
    pending?.reject(Object.assign(new Error(String(message)), fields));
  }

  /** The thread is gone (closed, or failed): whatever waits on it fails, and so does anything asked later. */
  #fail(error: Error) {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
