import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';

/**
 * Interleaves two transactions on PostgreSQL: `work` runs in a transaction that stays open until `other`
 * has started and is waiting on one of its locks; then the transaction commits and `other` goes on. This is
 * how a test makes an import meet a request that took a seat while the import was running.
 */
export async function whileTransactionHoldsLocks<T>(
  db: Db,
  work: (tx: Db) => Promise<void>,
  other: () => Promise<T>,
): Promise<T> {
  let isReady!: () => void;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const transaction = db.transaction(async (tx) => {
    await work(tx);
    isReady();
    await released;
  });
  await Promise.race([ready, transaction]);
  const result = other();
  try {
    await waitForLockWait(db);
  } finally {
    release();
    await transaction;
  }
  return result;
}

async function waitForLockWait(db: Db): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      ),
    );
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the other transaction never waited on a lock');
}

/**
 * A deadlock check on PostgreSQL: a transaction locks `first` as a writer would, starts `other`, gives it 300 ms
 * to reach the locked rows (to wait for them, or to pass them by with `skip locked`), then locks `next` and
 * commits, and answers what `other` answered. Had `other` taken `next` before waiting for `first`, PostgreSQL
 * would find the deadlock (after a second) and abort one of the two.
 */
export async function lockingInTurn<T>(db: Db, first: SQL, other: () => Promise<T>, next: SQL): Promise<T> {
  let result: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await tx.execute(first);
    result = other();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tx.execute(next);
  });
  return result!;
}
