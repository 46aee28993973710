import type { PGlite } from '@electric-sql/pglite';
import { withMethods, type BoundMethod } from './client-methods';

/**
 * PGlite runs each statement synchronously on the main thread, and the statements waiting for it follow one
 * another in microtasks: under a burst of queries no socket is read until the whole queue is done (issue 11:
 * /health waited up to 12 s behind 500 list requests). Through this wrapper one statement or transaction runs
 * at a time, each after a turn of the event loop (setImmediate), so requests that need no database, such as
 * /health, are read and answered between statements.
 */
export function withFairTurns(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  const queue = { pending: 0 };
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    queue.pending += 1;
    const turn = tail.then(() => new Promise((resolve) => setImmediate(resolve))).then(run);
    tail = turn.catch(() => undefined).finally(() => (queue.pending -= 1));
    return turn;
  };
  const inTurns =
    (method: BoundMethod) =>
    (...args: unknown[]) =>
      inTurn(async () => method(...args));
  const turns = withMethods(client, { query: inTurns, transaction: inTurns });
  countPending(turns, () => queue.pending);
  return turns;
}

const counters = new WeakMap<object, () => number>();

/** Registers how many statements and transactions run or wait on `client` (the database thread counts its own). */
export function countPending(client: object, read: () => number): void {
  counters.set(client, read);
}

/**
 * The statements and transactions running or waiting on a client of `withFairTurns` or of the database thread
 * (the one running included), for the metrics (issue 16); undefined for any other client.
 */
export function pendingTurns(client: object): number | undefined {
  return counters.get(client)?.();
}
