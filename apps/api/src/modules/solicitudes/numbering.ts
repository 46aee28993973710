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

const counterOf = (service: string) => `solicitud:${formatRequestNumber(service, 0).replace(/0+$/, '')}`;

/** SPEC §9 request numbers: one counter per number format. */
export async function nextRequestNumber(tx: Db, service: string): Promise<string> {
  return formatRequestNumber(service, await nextSequence(tx, counterOf(service)));
}

/**
 * The numbers of a batch of requests, drawn counter by counter in one fixed order: two batches naming
 * the same services in different orders would otherwise each hold one counter's lock and wait for the
 * other's (a deadlock on PostgreSQL). Within a counter, numbers follow the batch's order.
 */
export async function drawRequestNumbers(tx: Db, services: string[]): Promise<string[]> {
  const order = services
    .map((service, index) => ({ service, index, counter: counterOf(service) }))
    .sort((a, b) => (a.counter === b.counter ? a.index - b.index : a.counter < b.counter ? -1 : 1));
  const numbers: string[] = [];
  for (const { service, index } of order) numbers[index] = await nextRequestNumber(tx, service);
  return numbers;
}
