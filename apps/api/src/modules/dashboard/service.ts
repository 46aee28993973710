import { sql } from 'drizzle-orm';
import type { Dashboard } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { pagos, solicitudes } from '../../db/schema';

/** SPEC §2 welcome cards, counted from the real tables in one round trip. */
export async function getDashboard(db: Db): Promise<Dashboard> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${solicitudes} where ${solicitudes.estado} <> 'caducada')::int as solicitudes,
      (select count(*) from ${solicitudes} where ${solicitudes.estado} = 'contrato')::int as contratos,
      (select count(*) from ${solicitudes} where ${solicitudes.estado} = 'caducada')::int as solicitudes_caducadas,
      (select coalesce(sum(${pagos.montoPagado}), 0) from ${pagos})::text as total_ingresos`);
  const [row] = rowsOf<{
    solicitudes: number;
    contratos: number;
    solicitudes_caducadas: number;
    total_ingresos: string;
  }>(result);
  return {
    solicitudes: row?.solicitudes ?? 0,
    contratos: row?.contratos ?? 0,
    solicitudes_caducadas: row?.solicitudes_caducadas ?? 0,
    total_ingresos: Number(row?.total_ingresos ?? 0),
  };
}
