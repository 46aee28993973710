import { sql } from 'drizzle-orm';
import type { Dashboard } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { resumenGeneral, resumenSolicitudes } from '../../db/schema';

/**
 * SPEC §2 welcome cards, read from the summaries the database keeps in the transaction of every change
 * (decision 016): seven rows, whatever the number of sales.
 */
export async function getDashboard({ db }: { db: Db }): Promise<Dashboard> {
  const result = await db.execute(sql`
    select
      coalesce(sum(${resumenSolicitudes.cantidad}) filter (where ${resumenSolicitudes.estado} <> 'caducada'), 0)::int
        as solicitudes,
      coalesce(sum(${resumenSolicitudes.cantidad}) filter (where ${resumenSolicitudes.estado} = 'contrato'), 0)::int
        as contratos,
      coalesce(sum(${resumenSolicitudes.cantidad}) filter (where ${resumenSolicitudes.estado} = 'caducada'), 0)::int
        as solicitudes_caducadas,
      (select coalesce(sum(${resumenGeneral.totalPagado}), 0) from ${resumenGeneral})::text as total_ingresos,
      (select coalesce(sum(${resumenGeneral.totalVerificado}), 0) from ${resumenGeneral})::text as total_verificado
    from ${resumenSolicitudes}`);
  const [row] = rowsOf<{
    solicitudes: number;
    contratos: number;
    solicitudes_caducadas: number;
    total_ingresos: string;
    total_verificado: string;
  }>(result);
  return {
    solicitudes: row?.solicitudes ?? 0,
    contratos: row?.contratos ?? 0,
    solicitudes_caducadas: row?.solicitudes_caducadas ?? 0,
    total_ingresos: Number(row?.total_ingresos ?? 0),
    // Issue 14 §3: of 'Total Ingresos', what administración verified (decision 023).
    total_verificado: Number(row?.total_verificado ?? 0),
  };
}
