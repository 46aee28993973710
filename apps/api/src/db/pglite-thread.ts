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
  /** Settles when the thread stops without being closed (it failed): the server cannot go on without it. */
  readonly stopped: Promise<Error>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Waiting>();
  readonly #listening = new Map<string, Promise<unknown>>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #lastId = 0;
  #openTransactions = 0;
  #isClosing = false;
  #failure: Error | undefined;

  private constructor(dataDir: string, ready: Waiting) {
    this.#pending.set(0, ready);
    this.#worker = new Worker(workerFile, { workerData: { dataDir }, eval: isSource });
    this.#worker.on('message', (reply: Reply) => this.#receive(reply));
    this.stopped = new Promise((resolve) => {
      const stop = (error: Error) => {
        const isFailure = !this.#isClosing && !this.#failure;
        this.#fail(error);
        if (isFailure) resolve(error);
      };
      this.#worker.on('error', stop);
      this.#worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));
    });
  }

  /** Opens the PGlite folder `dataDir` in a new thread; resolves once PostgreSQL has started there. */
  static async open(dataDir: string): Promise<PgliteThread> {
    let thread: PgliteThread | undefined;
    await new Promise((resolve, reject) => (thread = new PgliteThread(dataDir, { resolve, reject })));
    return thread!;
  }

  /** Requests sent to the thread and not yet answered, and transactions open: the pool's metrics read these. */
  get pending(): number {
    return this.#pending.size + this.#openTransactions;
  }

  query<T>(text: string, params: unknown[] = [], options?: Options): Promise<Results<T>> {
    return this.#statement(text, params, options) as Promise<Results<T>>;
  }

  exec(text: string, options?: Options): Promise<Results[]> {
    return this.#script(text, options) as Promise<Results[]>;
  }

  /** As PGlite's: `callback` runs its statements in one transaction, committed when it resolves. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    this.#openTransactions += 1;
    let isClosed = false;
    const open = () => {
      if (isClosed) throw new Error('Transaction is closed');
    };
    const end = (commit: boolean) => {
      isClosed = true;
      this.#openTransactions -= 1;
      return this.#call({ op: 'end', tx, commit });
    };
    const handle = {
      query: async (text: string, params: unknown[] = [], options?: Options) => {
        open();
        return this.#statement(text, params, options, tx);
      },
      exec: async (text: string, options?: Options) => {
        open();
        return this.#script(text, options, tx);
      },
      rollback: async () => {
        open();
        await end(false);
      },
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
    let listening = this.#listening.get(channel);
    if (!listening) {
      listening = this.#call({ op: 'listen', channel });
      this.#listening.set(channel, listening);
      // A LISTEN refused is asked again by the next caller.
      listening.catch(() => this.#listening.delete(channel));
    }
    await listening;
    const callbacks = this.#listeners.get(channel) ?? new Set();
    this.#listeners.set(channel, callbacks);
    callbacks.add(callback);
    return async () => void callbacks.delete(callback);
  }

  async close(): Promise<void> {
    this.#isClosing = true;
    try {
      if (!this.#failure) await this.#call({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }

  #statement(text: string, params: unknown[], options: Options | undefined, tx?: number) {
    const { rowMode, parsers, ...rest } = options ?? {};
    if (Object.keys(rest).length || (parsers && !isDrizzles(parsers as never))) return refuse();
    return this.#call({ op: 'query', text, params, rowMode, isDrizzles: parsers !== undefined, tx });
  }

  #script(text: string, options: Options | undefined, tx?: number) {
    return options && Object.keys(options).length ? refuse() : this.#call({ op: 'exec', text, tx });
  }

  #call(request: Unsent<Request>): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter of no kind that can be copied to the thread.
        this.#pending.delete(id);
        reject(error as Error);
      }
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

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };

const refuse = () =>
  Promise.reject(new Error('the database thread takes no options but rowMode and Drizzle’s parsers'));
