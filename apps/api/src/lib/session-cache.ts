import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import { usuarios, vendedores } from '../db/schema';

// Issue 12, decision 038: on PGlite the session check of every signed-in request answers from memory. Migration
// 0013's triggers announce on channel 'sesiones' each change to what the check reads, and PGlite hands the
// announcement to this process while it finishes the COMMIT, before the writer's request goes on: no later
// request can be answered from the row as it was. Only one process opens a PGlite folder (the DATA_DIR lock), so
// nothing changes the rows unseen. On PostgreSQL other instances write too, and their announcements arrive
// whenever this instance reads them: there the check keeps asking the database (a prepared statement).

/**
 * What the session check reads of a user (plugins/auth.ts), built once per database and sent as a named prepared
 * statement, so neither Drizzle nor PostgreSQL parses it again on each call. A column added here must be added to
 * the triggers of migration 0013 too, which tell the cache that a row changed.
 */
function prepareSessionStatement(db: Db) {
  return db
    .select({
      id: usuarios.id,
      username: usuarios.username,
      email: usuarios.email,
      rol: usuarios.rol,
      isActive: usuarios.isActive,
      tokenVersion: usuarios.tokenVersion,
      supervisorId: vendedores.supervisorId,
    })
    .from(usuarios)
    .leftJoin(vendedores, eq(vendedores.id, usuarios.id))
    .where(eq(usuarios.id, sql.placeholder('id')))
    .prepare('sesion_usuario');
}

type SessionStatement = ReturnType<typeof prepareSessionStatement>;
export type SessionRow = Awaited<ReturnType<SessionStatement['execute']>>[number];

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

/** A database's session statement, and on PGlite its cache once it listens to the announcements. */
type SessionSource = { statement: SessionStatement; cache?: SessionCache };

const sources = new WeakMap<Db, SessionSource>();

function sourceOf(db: Db): SessionSource {
  let source = sources.get(db);
  if (!source) {
    source = { statement: prepareSessionStatement(db) };
    sources.set(db, source);
    listenForChanges(db, source);
  }
  return source;
}

/**
 * The user's row as the session check reads it: from memory on PGlite, else from the database. Before `LISTEN`
 * has succeeded, on PostgreSQL, and when listening failed, there is no cache and the check asks the database.
 */
export async function sessionRow(db: Db, id: number): Promise<SessionRow | undefined> {
  const { statement, cache } = sourceOf(db);
  const cached = cache?.get(id);
  if (cached) return cached;
  const changesBefore = cache?.changes ?? 0;
  const [row] = await statement.execute({ id });
  if (row && cache) cache.keep(row, changesBefore);
  return row;
}

function listenForChanges(db: Db, source: SessionSource) {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool || typeof (client as Partial<Listener>)?.listen !== 'function') return;
  const cache = new SessionCache();
  (client as Listener)
    .listen(CHANNEL, (payload) => cache.forget(payload))
    .then(
      () => (source.cache = cache),
      () => undefined,
    );
}
