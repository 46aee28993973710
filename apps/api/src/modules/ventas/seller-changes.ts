import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Folds each seller's changes of finished transactions into one row with their sum (decision 056): the log
 * of migration 0022 gains a row per seller and writing transaction, and a list's version sums them on every call.
 * One statement, so a version read before it and one read after it are the same sum. Rows of transactions still
 * running (from the snapshot's oldest on) are left for the next fold. Answers the rows folded.
 */
export async function foldSellerChanges(db: Db): Promise<number> {
  const [row] = rowsOf<{ folded: number }>(
    await db.execute(sql`
      with plegados as (
        delete from vendedor_cambios
        where transaccion < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint
          and vendedor_id in (select vendedor_id from vendedor_cambios group by vendedor_id having count(*) > 1)
        returning vendedor_id, cambios
      ),
      sumas as (
        insert into vendedor_cambios (vendedor_id, cambios)
        select vendedor_id, sum(cambios) from plegados group by vendedor_id
      )
      select count(*)::int as folded from plegados`),
  );
  return row?.folded ?? 0;
}
