import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { seedDemoSettings } from './demo-settings';
import { seedDemoBusiness, type DemoSummary } from './demo/index';
import { DEMO_PASSWORD, DEMO_STAFF, seedStaff } from './demo/people';

export { DEMO_PASSWORD };

/**
 * `npm run demo`: the demo staff (created once), then, with the application (its file storage and mailer), the
 * demo business of issue 15 on an installation that has none (decision 029), and the office's money settings.
 * Safe to run on every start: a second run changes nothing. Returns the credentials the start banner prints.
 */
export async function seedDemo({
  db,
  app,
  size,
  now,
}: {
  db: Db;
  app?: Pick<FastifyInstance, 'storage' | 'mailer' | 'log'>;
  /** The number of requests of the story (tests tell a shorter one) and the moment it ends. */
  size?: number;
  now?: Date;
}): Promise<{ credentials: string[]; business: DemoSummary | undefined }> {
  const [last] = rowsOf<{ id: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int as id from auditoria`),
  );
  await seedStaff({ db });
  const business = app
    ? await seedDemoBusiness({
        db,
        storage: app.storage,
        mailer: app.mailer,
        log: app.log,
        size,
        now,
        auditFrom: last?.id ?? 0,
      })
    : undefined;
  await db.transaction((tx) => seedDemoSettings({ db: tx }));
  return {
    credentials: DEMO_STAFF.map((demo) => `${demo.rol.padEnd(14)} ${demo.email} / ${DEMO_PASSWORD}`),
    business,
  };
}
