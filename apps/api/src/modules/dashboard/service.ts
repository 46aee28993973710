import { sql } from 'drizzle-orm';
import type { Dashboard } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { resumenGeneral, resumenSolicitudes } from '../../db/schema';
import { preparedQuery } from '../../lib/prepared-once';

/**
 * SPEC §2 welcome cards, read from the summaries the database keeps in the transaction of every change
 * (decision 016): seven rows, whatever the number of sales.
 */
export async function getDashboard({ db }: { db: Db }): Promise<Dashboard> {
  // Prepared once (lib/prepared-once.ts): Drizzle built this statement on every call for longer than it runs.
  const statement = preparedQuery(db, 'tablero', () =>
    db
      .select({
        solicitudes: sql<number>`coalesce(sum(${resumenSolicitudes.cantidad})
          filter (where ${resumenSolicitudes.estado} <> 'caducada'), 0)::int`,
        contratos: sql<number>`coalesce(sum(${resumenSolicitudes.cantidad})
          filter (where ${resumenSolicitudes.estado} = 'contrato'), 0)::int`,
        solicitudes_caducadas: sql<number>`coalesce(sum(${resumenSolicitudes.cantidad})
          filter (where ${resumenSolicitudes.estado} = 'caducada'), 0)::int`,
        total_ingresos: sql<string>`(select coalesce(sum(${resumenGeneral.totalPagado}), 0)
          from ${resumenGeneral})::text`,
        total_verificado: sql<string>`(select coalesce(sum(${resumenGeneral.totalVerificado}), 0)
          from ${resumenGeneral})::text`,
      })
      .from(resumenSolicitudes),
  );
  const [row] = await statement.execute();
  return {
    solicitudes: row?.solicitudes ?? 0,
    contratos: row?.contratos ?? 0,
    solicitudes_caducadas: row?.solicitudes_caducadas ?? 0,
    total_ingresos: Number(row?.total_ingresos ?? 0),
    // Issue 14 §3: of 'Total Ingresos', what administración verified (decision 023).
    total_verificado: Number(row?.total_verificado ?? 0),
  };
}
