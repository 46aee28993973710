import { eq, sql } from 'drizzle-orm';
import { CONTRACT_MESSAGES } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { solicitudes } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { preparedQuery } from '../../lib/prepared-once';
import { assertReachesSeller } from '../../lib/seller-scope';
import type { SessionUser } from '../../lib/actor';

/** A request or contract the actor may act on (DESIGN §5 ownership), optionally locked for update. */
export async function reachableRequest({
  db,
  actor,
  id,
  lock = false,
}: {
  db: Db;
  actor: SessionUser;
  id: number;
  lock?: boolean;
}) {
  // A read alone is a statement prepared once (lib/prepared-once.ts), as every page and check asks it.
  const [row] = lock
    ? await db.select().from(solicitudes).where(eq(solicitudes.id, id)).for('update')
    : await preparedQuery(db, 'solicitud', () =>
        db
          .select()
          .from(solicitudes)
          .where(eq(solicitudes.id, sql.placeholder('id'))),
      ).execute({ id });
  if (!row) throw notFound(CONTRACT_MESSAGES.noEncontrada);
  await assertReachesSeller(db, actor, row.vendedorId, CONTRACT_MESSAGES.vendedorAjeno);
  return row;
}
