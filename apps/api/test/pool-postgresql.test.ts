import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';

// PostgreSQL may close a connection the pool keeps idle (a restart, a failover, pg_terminate_backend, DROP DATABASE
// … WITH (FORCE)). node-postgres then drops it and emits 'error' on the pool: with no listener, that event ended the
// whole API process (CI saw it once, on a test database dropped while its pool was closing). Only on PostgreSQL.

const BASE_URL = process.env.DATABASE_URL;
let database: Database | undefined;
afterAll(() => database?.close());

describe.skipIf(!BASE_URL)('the PostgreSQL pool (needs DATABASE_URL)', () => {
  it('survives PostgreSQL closing its idle connections, and opens new ones for the next query', async () => {
    database = await openDatabase({ databaseUrl: BASE_URL });
    const [before] = rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`));
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    try {
      const terminated = await admin.query('select pg_terminate_backend($1) as done', [before!.pid]);
      expect(terminated.rows).toEqual([{ done: true }]);
    } finally {
      await admin.end();
    }
    // The pool hears of the closed connection on its socket: give that event its turn.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [after] = rowsOf<{ pid: number; uno: number }>(
      await database.db.execute(sql`select pg_backend_pid() as pid, 1 as uno`),
    );
    expect(after!.uno).toBe(1);
    expect(after!.pid).not.toBe(before!.pid);
  });
});
