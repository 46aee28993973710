import type { Db } from '../db/client';
import { postgresPool } from './shared-counters';

// Issue 16, docs/decisions/025: a periodic job runs on one instance at a time. Two-integer advisory locks live
// in a key space of their own, apart from the one-integer keys of the migrations and the services.
export const JOB_LOCK_SPACE = 724_360;

/**
 * Runs `work` only if no other instance (no other session of the database) runs the job `jobId`: a session-level
 * `pg_try_advisory_lock` on a connection of its own, held while the work runs on the pool's others, then released.
 * An instance that does not get the lock skips this turn. On PGlite there is one process: the work just runs.
 */
export async function runExclusive<T>(
  db: Db,
  jobId: number,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const pool = postgresPool(db);
  if (!pool) return { ran: true, result: await work() };
  const client = await pool.connect();
  let releaseError: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, $2) as locked',
      [JOB_LOCK_SPACE, jobId],
    );
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, result: await work() };
    } finally {
      await client
        .query('select pg_advisory_unlock($1, $2)', [JOB_LOCK_SPACE, jobId])
        .catch((error: unknown) => {
          // A connection that could not unlock is closed, not reused: its session, and so the lock, ends with it.
          releaseError = error instanceof Error ? error : new Error(String(error));
        });
    }
  } finally {
    client.release(releaseError);
  }
}
