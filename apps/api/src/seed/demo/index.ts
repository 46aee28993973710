import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clientes, nichosColumbario, parcelas, solicitudes } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import type { FileStorage } from '../../lib/storage';
import { seedCatalogue } from '../catalogue';
import { seedDemoSettings } from '../demo-settings';
import { daysAgo, officeTime, type DemoContext } from './context';
import { uploadLateClientDocuments } from './documents';
import { catchUpJobs, seedRateHistory } from './history';
import { seedInventory } from './inventory';
import { PeopleFactory } from './names';
import { verifyPayments } from './payments';
import { loadStaff } from './people';
import { DemoRandom } from './random';
import { seedSales } from './sales';

/** The same seed, the same business (decision 029). */
const DEMO_SEED = 20_241_015;
/** 18 months of history. */
export const DEMO_DAYS = 548;
/** About this many requests at the default size; tests ask for fewer. */
export const DEMO_SALES = 200;

export type DemoBusinessArgs = {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  log: { info: (message: string) => void; error: (object: object, message: string) => void };
  /** How many requests to tell (the clients, plots and niches scale with it). */
  size?: number;
  now?: Date;
  /** Audit rows after this id were written by this run (the staff, the settings): they date from the opening day. */
  auditFrom?: number;
};

export type DemoSummary = {
  segundos: number;
  clientes: number;
  solicitudes: Record<string, number>;
  pagos: Record<string, number>;
  cuotas: Record<string, number>;
};

/** The demo's business is told only on an installation that has none: no client, request, plot or niche. */
export async function hasBusinessData(db: Db): Promise<boolean> {
  for (const table of [clientes, solicitudes, parcelas, nichosColumbario]) {
    const [row] = await db.select({ n: count() }).from(table);
    if ((row?.n ?? 0) > 0) return true;
  }
  return false;
}

/**
 * `npm run demo` (issue 15): a realistic cemetery business over the last 18 months, told through the product's
 * own services so amounts, states, summaries and the audit are what the product would have made of it (decision
 * 029). Runs only on an installation without business data; returns undefined when it did nothing.
 */
export async function seedDemoBusiness(args: DemoBusinessArgs): Promise<DemoSummary | undefined> {
  const { db } = args;
  if (await hasBusinessData(db)) {
    args.log.info('La instalación ya tiene datos de negocio: la demostración no agrega ni cambia nada.');
    return undefined;
  }
  const started = performance.now();
  const now = args.now ?? new Date();
  const size = args.size ?? DEMO_SALES;
  const [last] = rowsOf<{ id: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int as id from auditoria`),
  );
  const auditMark = last?.id ?? 0;
  const random = new DemoRandom(DEMO_SEED);
  // The example catalogue (the server loads it on start; a test's database has none yet).
  await seedCatalogue({ db });
  const rates = await seedRateHistory({ db, now, days: DEMO_DAYS });
  // The receiving account before any payment in bolívares (the rate is already there).
  await db.transaction((tx) => seedDemoSettings({ db: tx }));
  const ctx: DemoContext = {
    db,
    storage: args.storage,
    mailer: args.mailer,
    log: args.log,
    random,
    people: new PeopleFactory(random),
    now,
    staff: await loadStaff(db),
    rates,
  };
  const opening = officeTime(ctx, daysAgo(ctx, DEMO_DAYS), 8);
  // What this run made before the story (the staff, the account) and the example catalogue date from its first day.
  const from = args.auditFrom ?? auditMark;
  await db.execute(sql`update usuarios set created_at = ${opening.toISOString()} where id::text in (
    select entidad_id from auditoria where id > ${from} and accion = 'crear_usuario')`);
  await db.execute(sql`update auditoria set fecha = ${opening.toISOString()}
    where id > ${from} or (accion = 'cargar_catalogo' and usuario_id is null)`);
  const inventory = await seedInventory(ctx, opening, size / DEMO_SALES);
  await seedSales(ctx, { size, days: DEMO_DAYS - 1, inventory });
  await uploadLateClientDocuments(ctx);
  await verifyPayments(ctx);
  await catchUpJobs(ctx);
  const summary = await summarize(db, (performance.now() - started) / 1000);
  args.log.info(
    `Demo sembrada en ${summary.segundos.toFixed(1)} s: ${summary.clientes} clientes; solicitudes ${describe(summary.solicitudes)}; pagos ${describe(summary.pagos)}; cuotas ${describe(summary.cuotas)}.`,
  );
  return summary;
}

const describe = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');

async function summarize(db: Db, segundos: number): Promise<DemoSummary> {
  const countsOf = async (query: ReturnType<typeof sql>) =>
    Object.fromEntries(
      rowsOf<{ k: string; n: number }>(await db.execute(query)).map((row) => [row.k, row.n]),
    );
  const [clients] = await db.select({ n: count() }).from(clientes);
  return {
    segundos,
    clientes: clients?.n ?? 0,
    solicitudes: await countsOf(
      sql`select estado as k, count(*)::int as n from solicitudes group by 1 order by 1`,
    ),
    pagos: await countsOf(
      sql`select estado_verificacion as k, count(*)::int as n from pagos group by 1 order by 1`,
    ),
    cuotas: await countsOf(
      sql`select estado_pago as k, count(*)::int as n from cuotas group by 1 order by 1`,
    ),
  };
}
