import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_PARSERS } from '../src/db/pglite-parsers';
import { PgliteThread } from '../src/db/pglite-thread';
import { isUniqueViolation } from '../src/lib/app-error';

// Issue 12, decision 051: the server's PGlite runs in a worker thread. What crosses between the threads must read
// as it did in one: rows and their types, transactions, PostgreSQL's errors and notifications; and a long statement
// leaves the main thread free.

const folder = mkdtempSync(path.join(tmpdir(), 'camposanto-hilo-'));
let thread: PgliteThread;

beforeAll(async () => {
  thread = await PgliteThread.open(folder);
  await thread.exec(`create table notas (id int primary key, creada timestamptz not null default now())`);
}, 60_000);

afterAll(async () => {
  await thread.close();
  rmSync(folder, { recursive: true, force: true });
});

const count = async () =>
  (await thread.query<{ n: number }>('select count(*)::int as n from notas')).rows[0]!.n;

describe('PGlite in its own thread', () => {
  it('reads instants as text for Drizzle and as Dates for any other statement, and rows as arrays when asked', async () => {
    await thread.query('insert into notas (id, creada) values ($1, $2)', [1, '2026-11-30T12:00:00Z']);
    const drizzles = await thread.query<{ creada: unknown }>('select creada from notas where id = $1', [1], {
      parsers: DRIZZLE_PARSERS,
    });
    expect(drizzles.rows[0]!.creada).toBe('2026-11-30 12:00:00+00');
    const raw = await thread.query<{ creada: unknown }>('select creada from notas where id = 1');
    expect(raw.rows[0]!.creada).toEqual(new Date('2026-11-30T12:00:00Z'));
    const arrays = await thread.query('select id, 2 as dos from notas where id = 1', [], {
      rowMode: 'array',
    });
    expect(arrays.rows).toEqual([[1, 2]]);
  });

  it('commits a transaction that resolves and rolls back one that throws, and names the violated constraint', async () => {
    const before = await count();
    await thread.transaction(async (tx) => {
      await tx.query('insert into notas (id) values (10)');
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into notas (id) values (11)');
        throw new Error('se arrepintió');
      }),
    ).rejects.toThrow('se arrepintió');
    expect(await count()).toBe(before + 1);

    const duplicate = await thread
      .query('insert into notas (id) values (10)')
      .catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'notas_pkey' });
    expect(isUniqueViolation(duplicate, 'notas_pkey')).toBe(true);
    expect(await count()).toBe(before + 1);
  });

  it('runs a statement sent while a transaction is open after the transaction ends', async () => {
    const before = await count();
    let finish!: () => void;
    const open = new Promise<void>((resolve) => (finish = resolve));
    const transaction = thread.transaction(async (tx) => {
      await open;
      await tx.query('insert into notas (id) values (20)');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = count();
    finish();
    await transaction;
    expect(await outside).toBe(before + 1);
  });

  it('delivers the payload of a NOTIFY to the LISTEN callbacks of its channel', async () => {
    const payloads: string[] = [];
    const received = new Promise<void>((resolve) =>
      thread.listen('avisos', (payload) => {
        payloads.push(payload);
        resolve();
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await thread.exec(`notify avisos, 'usuario 7'`);
    await received;
    expect(payloads).toEqual(['usuario 7']);
  });

  it('leaves the main thread free while PostgreSQL works', async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const started = performance.now();
    await thread.query('select count(*) from generate_series(1, 3000000)');
    const took = performance.now() - started;
    clearInterval(timer);
    // In the main thread the statement would have held the event loop for all of `took`.
    expect(took).toBeGreaterThan(150);
    expect(ticks).toBeGreaterThan(5);
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('refuses a closed transaction, options it cannot carry and values it cannot copy, and leaves nothing pending', async () => {
    await thread.transaction(async (tx) => {
      await tx.rollback();
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    const refusal = /the database thread takes no options but rowMode and Drizzle’s parsers/;
    await expect(thread.exec('select 1', { rowMode: 'array' })).rejects.toThrow(refusal);
    await expect(
      thread.query('select 1', [], { parsers: { 25: (value: string) => value.length } }),
    ).rejects.toThrow(refusal);
    await expect(thread.query('select $1::text', [() => 'una función'])).rejects.toThrow(
      /could not be cloned/,
    );
    expect(thread.pending).toBe(0);
    expect(await count()).toBeGreaterThan(0);
  });

  it('fails what is asked after it is closed, with a message that says so', async () => {
    const otherFolder = mkdtempSync(path.join(tmpdir(), 'camposanto-hilo-cerrado-'));
    const other = await PgliteThread.open(otherFolder);
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/the database thread stopped/);
    // `stopped` is for a thread that fails: the server exits on it, so a close must not settle it.
    const settled = await Promise.race([
      other.stopped.then(() => true),
      new Promise((resolve) => setTimeout(resolve, 100, false)),
    ]);
    expect(settled).toBe(false);
    rmSync(otherFolder, { recursive: true, force: true });
  }, 60_000);
});
