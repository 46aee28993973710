import pg from 'pg';
import type { Db } from '../db/client';

// Issue 12, decision 038: on PGlite the session check of every signed-in request answers from memory. Migration
// 0013's triggers announce on channel 'sesiones' each change to what the check reads, and PGlite hands the
// announcement to this process while it finishes the COMMIT, before the writer's request goes on: no later
// request can be answered from the row as it was. Only one process opens a PGlite folder (the DATA_DIR lock), so
// nothing changes the rows unseen. On PostgreSQL other instances write too, and their announcements arrive
// whenever this instance reads them: there the check keeps asking the database (a prepared statement).

/** What the session check reads of a user (plugins/auth.ts). */
export type SessionRow = {
  id: number;
  username: string;
  email: string;
  rol: string;
  isActive: boolean;
  tokenVersion: number;
  supervisorId: number | null;
};

const CHANNEL = 'sesiones';
/** More users than an office has: past it the oldest row is dropped and read again when needed. */
const MAX_ROWS = 5000;

type Listener = {
  listen: (channel: string, callback: (payload: string) => void) => Promise<unknown>;
};

export class SessionCache {
  #rows = new Map<number, SessionRow>();
  #changes = 0;

  /** Counts the changes heard: a row read before one of them may be stale (see `keep`). */
  get changes(): number {
    return this.#changes;
  }

  get(id: number): SessionRow | undefined {
    return this.#rows.get(id);
  }

  /** Keeps a row read from the database, unless a change was heard since `changesBefore` (taken before reading). */
  keep(row: SessionRow, changesBefore: number): void {
    if (changesBefore !== this.#changes) return;
    if (this.#rows.size >= MAX_ROWS) this.#rows.delete(this.#rows.keys().next().value!);
    this.#rows.set(row.id, row);
  }

  /** An announcement: the user's id, or anything else to forget everybody. */
  forget(payload: string): void {
    this.#changes += 1;
    const id = Number(payload);
    if (Number.isSafeInteger(id)) this.#rows.delete(id);
    else this.#rows.clear();
  }
}

const caches = new WeakMap<Db, SessionCache | 'starting' | 'none'>();

/**
 * The cache of `db`'s sessions once it listens to the announcements; undefined before that, on PostgreSQL, and
 * when listening failed (the check then asks the database, as it always may).
 */
export function sessionCacheOf(db: Db): SessionCache | undefined {
  const known = caches.get(db);
  if (known === undefined) startListening(db);
  return known instanceof SessionCache ? known : undefined;
}

function startListening(db: Db) {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool || typeof (client as Partial<Listener>)?.listen !== 'function') {
    caches.set(db, 'none');
    return;
  }
  caches.set(db, 'starting');
  const cache = new SessionCache();
  (client as Listener)
    .listen(CHANNEL, (payload) => cache.forget(payload))
    .then(
      () => caches.set(db, cache),
      () => caches.set(db, 'none'),
    );
}
