import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cuotas, nichosColumbario, parcelas, reservas, solicitudes } from '../../db/schema';
import { businessDate } from '../../lib/business-time';
import { audit } from '../../lib/audit';
import { SYSTEM_ACTOR } from '../../lib/actor';

// Only one instance runs the expiry at a time (DESIGN §4.6); the others skip.
const EXPIRY_LOCK_KEY = 724_313;

/**
 * DESIGN §4.6: a request still `solicitud` with payment `pendiente` past its `fecha_vencimiento` expires,
 * and gives its plot seats and niches back, all in one transaction.
 */
export async function expireOverdueRequests({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${EXPIRY_LOCK_KEY}) as locked`),
    );
    if (!lock?.locked) return 0;
    const result = await tx.execute(sql`
      with expired as (
        update ${solicitudes} set estado = 'caducada', updated_at = now()
        where estado = 'solicitud' and estado_pago = 'pendiente' and fecha_vencimiento < ${now.toISOString()}
        returning id, numero_solicitud
      ),
      released as (
        update ${reservas} set estado = 'liberada'
        where solicitud_id in (select id from expired) and estado = 'activa'
        returning parcela_id, nicho_id, puestos
      ),
      plots as (
        update ${parcelas} p set disponible = p.disponible + r.puestos, reservadas = p.reservadas - r.puestos,
          updated_at = now()
        from (select parcela_id, sum(puestos)::int as puestos from released where parcela_id is not null
              group by parcela_id) r
        where p.id = r.parcela_id
        returning p.id
      ),
      niches as (
        update ${nichosColumbario} set estado = 'disponible', updated_at = now()
        where id in (select nicho_id from released where nicho_id is not null) and estado = 'reservado'
        returning id
      )
      select (select count(*) from expired)::int as expired,
             (select string_agg(numero_solicitud, ', ') from expired) as numeros,
             (select count(*) from plots)::int as plots,
             (select count(*) from niches)::int as niches`);
    const [summary] = rowsOf<{ expired: number; numeros: string | null; plots: number; niches: number }>(
      result,
    );
    const expired = summary?.expired ?? 0;
    if (expired > 0) {
      await audit(tx, SYSTEM_ACTOR, {
        accion: 'caducar_solicitudes',
        descripcion: `${expired} solicitud(es) caducada(s): ${summary?.numeros ?? ''}. Parcelas liberadas: ${
          summary?.plots ?? 0
        }, nichos liberados: ${summary?.niches ?? 0}.`,
        entidad: 'solicitud',
      });
    }
    return expired;
  });
}

/**
 * DESIGN §4.7: an unpaid instalment past its due date (a Caracas business date) becomes `vencido`. An instalment
 * a payment holds is left for the next run (`skip locked`): waiting for it while holding the others could deadlock
 * with a payment that prices the contract's instalments again, and the payment may well settle it. The ids locked
 * are then updated by primary key (`= any(array(…))`): as `in (…)`, PostgreSQL hashed them and read all of
 * `cuotas` (a million rows at 100,000 contracts) to find them.
 */
export async function markOverdueInstalments({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<number> {
  const [marked] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with marked as (
        update ${cuotas} set estado_pago = 'vencido'
        where id = any(array(
          select id from ${cuotas} where estado_pago = 'pendiente' and fecha_vencimiento < ${businessDate(now)}
          for no key update skip locked))
        returning 1)
      select count(*)::int as n from marked`),
  );
  return marked?.n ?? 0;
}
