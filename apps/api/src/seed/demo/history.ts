import { tasasCambio } from '../../db/schema';
import type { Db } from '../../db/client';
import { businessDate, businessDayStart } from '../../lib/business-time';
import { expireOverdueRequests, markOverdueInstalments } from '../../modules/caducidad/service';
import { happenedAt, type DemoContext } from './context';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RATE = 36.4;
/** How much the bolívar loses over the history: the last rate is this many times the first. */
const GROWTH = 3.2;

/**
 * The official rate of every day of the history (DESIGN §4.9 `tasas_cambio`), published at 09:05 Caracas. These
 * rows are inserted directly: the rate service stamps the moment it runs and could not date them (decision 029).
 * Returns each business day's rate, as the payments of the story use it.
 */
export async function seedRateHistory({
  db,
  now,
  days,
}: {
  db: Db;
  now: Date;
  days: number;
}): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  const rows: (typeof tasasCambio.$inferInsert)[] = [];
  for (let index = 0; index <= days; index++) {
    const day = businessDate(new Date(now.getTime() - (days - index) * DAY_MS));
    const trend = FIRST_RATE * Math.exp((Math.log(GROWTH) * index) / days);
    const rate = Math.round(trend * (1 + 0.006 * Math.sin(index / 5)) * 10_000) / 10_000;
    const published = new Date(businessDayStart(day).getTime() + (9 * 60 + 5) * 60_000);
    const fecha = published < now ? published : new Date(now.getTime() - 60_000);
    rates.set(day, rate);
    rows.push({ promedio: rate.toFixed(4), fuente: 'oficial', usuarioId: null, fecha });
  }
  for (let start = 0; start < rows.length; start += 200) {
    await db.insert(tasasCambio).values(rows.slice(start, start + 200));
  }
  return rates;
}

/**
 * What the periodic jobs would have done by today (modules/caducidad): requests past their validity expire and
 * give their seats back, unpaid instalments past due become `vencido`.
 */
export async function catchUpJobs(ctx: DemoContext): Promise<{ caducadas: number; vencidas: number }> {
  return happenedAt(ctx, ctx.now, async () => ({
    caducadas: await expireOverdueRequests({ db: ctx.db, now: ctx.now }),
    vencidas: await markOverdueInstalments({ db: ctx.db, now: ctx.now }),
  }));
}
