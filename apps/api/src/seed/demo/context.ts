import { rm, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { SessionUser } from '../../lib/actor';
import { businessDate, businessDayStart } from '../../lib/business-time';
import { detectFileType } from '../../lib/file-types';
import type { Mailer } from '../../lib/mailer';
import type { UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage';
import type { PeopleFactory } from './names';
import type { DemoRandom } from './random';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Staff = {
  admin: SessionUser;
  asistente: SessionUser;
  supervisors: SessionUser[];
  /** Everyone who sells: the sellers and, now and then, their supervisors. */
  sellers: SessionUser[];
};

/** What every part of the demo generator shares (decision 029). */
export type DemoContext = {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  log: { error: (object: object, message: string) => void };
  random: DemoRandom;
  people: PeopleFactory;
  /** The real instant the seed runs: the business's "today" ends here. */
  now: Date;
  staff: Staff;
  /** The official rate of each business day of the history (YYYY-MM-DD → bolívares per dollar). */
  rates: Map<string, number>;
};

/** The business date `days` before today (Caracas). */
export function daysAgo(ctx: DemoContext, days: number): string {
  return businessDate(new Date(ctx.now.getTime() - days * DAY_MS));
}

/** An instant of a business day at an office hour, never later than now. */
export function officeTime(ctx: DemoContext, day: string, hour = ctx.random.int(8, 17)): Date {
  const instant = new Date(businessDayStart(day).getTime() + (hour * 60 + ctx.random.int(0, 59)) * 60_000);
  return instant < ctx.now ? instant : new Date(ctx.now.getTime() - ctx.random.int(2, 30) * 60_000);
}

/**
 * An instant at an office hour `minDays` to `maxDays` days after `after` (0: later that day, if the office is still
 * open), always after it and never past now.
 */
export function officeTimeAfter(ctx: DemoContext, after: Date, minDays: number, maxDays: number): Date {
  const day = businessDate(new Date(after.getTime() + ctx.random.int(minDays, maxDays) * DAY_MS));
  const instant = officeTime(ctx, day);
  if (instant > after) return instant;
  const soon = new Date(after.getTime() + ctx.random.int(20, 150) * 60_000);
  return soon < ctx.now ? soon : new Date((after.getTime() + ctx.now.getTime()) / 2);
}

/** The rate of the business day of an instant (the history covers every day the demo pays on). */
export function rateAt(ctx: DemoContext, instant: Date): number {
  const rate = ctx.rates.get(businessDate(instant));
  if (rate === undefined) throw new Error(`demo: no rate for ${businessDate(instant)}`);
  return rate;
}

/**
 * Runs one step of the story through the product's services, then dates the audit rows the step wrote at the
 * instant it happened in the story: the services write `now()`, the story is 18 months long (decision 029).
 */
export async function happenedAt<T>(ctx: DemoContext, instant: Date, step: () => Promise<T>): Promise<T> {
  const [mark] = rowsOf<{ last: string | null }>(
    await ctx.db.execute(sql`select max(id)::text as last from auditoria`),
  );
  const result = await step();
  await ctx.db.execute(
    sql`update auditoria set fecha = ${instant.toISOString()} where id > ${mark?.last ?? '0'}`,
  );
  return result;
}

/**
 * A file as a multipart upload leaves it for the services: written to a temporary file of the storage, its type
 * read from its bytes. `save` moves it into place; `discard` removes it if no service took it.
 */
export async function demoUpload(
  ctx: DemoContext,
  field: string,
  filename: string,
  bytes: Buffer,
): Promise<UploadedFile> {
  const path = await ctx.storage.temporaryPath();
  await writeFile(path, bytes, { mode: 0o600 });
  return { field, filename, path, size: bytes.length, type: detectFileType(bytes) };
}

export async function discard(files: UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}
