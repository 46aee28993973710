import { sql } from 'drizzle-orm';
import { formatRequestNumber } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { correlativos } from '../../db/schema';

/**
 * The next value of a gap-free counter. The upsert locks the counter's row until the transaction ends, so
 * concurrent requests get consecutive numbers and a rolled-back one gives its number back.
 */
export async function nextSequence(tx: Db, clave: string): Promise<number> {
  const result = await tx.execute(sql`
    insert into ${correlativos} (clave, ultimo) values (${clave}, 1)
    on conflict (clave) do update set ultimo = ${correlativos.ultimo} + 1
    returning ultimo`);
  const [row] = rowsOf<{ ultimo: number }>(result);
  return Number(row!.ultimo);
}

/** SPEC §9 request numbers: one counter per number format. */
export async function nextRequestNumber(tx: Db, service: string): Promise<string> {
  const sample = formatRequestNumber(service, 0);
  const prefix = sample.replace(/0+$/, '');
  return formatRequestNumber(service, await nextSequence(tx, `solicitud:${prefix}`));
}
