import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  MAP_MESSAGES,
  MAP_STATES,
  plotMapState,
  plotPlace,
  type MapState,
  type NicheMap,
  type PlaceDetail,
  type PlotMap,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  clientes,
  nichosColumbario,
  parcelas,
  planes,
  reservas,
  solicitudes,
  vendedores,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { plotColumns } from '../inventario/plots-service';

// The sector of a plot is the first part of its code (SPEC §5 AXX-XX-XX); codes outside that format have none.
const PLACED = sql`${parcelas.codigo} ~ '^[A-Z][0-9]{2}-[0-9]{2}-[0-9]{2}$'`;

/**
 * Issue 15 plot map: the sectors with their counts (to choose one), and every plot of the chosen sector (the
 * first when none is asked for) with its seats and the state it is drawn in. One sector at a time keeps the answer
 * small whatever the cemetery's size.
 */
export async function plotMap({ db, sector }: { db: Db; sector?: string }): Promise<PlotMap> {
  const summary = rowsOf<{ nombre: string | null; total: number; disponibles: number }>(
    await db.execute(sql`
      select case when ${PLACED} then split_part(${parcelas.codigo}, '-', 1) end as nombre,
        count(*)::int as total, count(*) filter (where ${parcelas.disponible} > 0)::int as disponibles
      from ${parcelas} group by 1 order by 1`),
  );
  const sectores = summary.filter((row) => row.nombre !== null) as PlotMap['sectores'];
  const unplaced = summary.find((row) => row.nombre === null)?.total ?? 0;
  const chosen = sector ?? sectores[0]?.nombre ?? null;
  const rows = chosen
    ? await db
        .select(plotColumns)
        .from(parcelas)
        .where(and(PLACED, sql`split_part(${parcelas.codigo}, '-', 1) = ${chosen}`))
        .orderBy(asc(parcelas.codigo))
    : [];
  return {
    sectores,
    sector: chosen,
    parcelas: rows.map((row) => {
      const place = plotPlace(row.codigo)!;
      return { ...row, fila: place.fila, numero: place.numero, estado: plotMapState(row) };
    }),
    sin_ubicacion: unplaced,
  };
}

const nicheState = (estado: string): MapState =>
  (MAP_STATES as readonly string[]).includes(estado) ? (estado as MapState) : 'disponible';

/** Issue 15 niche map: the chapels with their counts, and the niches of the chosen chapel (the first by default). */
export async function nicheMap({ db, capilla }: { db: Db; capilla?: string }): Promise<NicheMap> {
  const chapel = sql<string>`coalesce(${nichosColumbario.capilla}, '')`;
  const capillas = await db
    .select({
      nombre: chapel,
      total: sql<number>`count(*)::int`,
      disponibles: sql<number>`(count(*) filter (where ${nichosColumbario.estado} = 'disponible'))::int`,
    })
    .from(nichosColumbario)
    .groupBy(chapel)
    .orderBy(chapel);
  const chosen = capilla ?? capillas[0]?.nombre ?? null;
  const rows =
    chosen === null
      ? []
      : await db
          .select({
            id: nichosColumbario.id,
            codigo: nichosColumbario.codigo,
            lado: nichosColumbario.lado,
            fila: nichosColumbario.fila,
            columna: nichosColumbario.columna,
            cantidad_nichos: nichosColumbario.cantidadNichos,
            estado: nichosColumbario.estado,
          })
          .from(nichosColumbario)
          .where(eq(chapel, chosen))
          .orderBy(asc(nichosColumbario.codigo));
  return {
    capillas,
    capilla: chosen,
    nichos: rows.map((row) => ({ ...row, estado: nicheState(row.estado) })),
  };
}

/** The requests and contracts that held a plot's or a niche's seats, newest first, read by the reservas indexes. */
async function salesOf(db: Db, where: ReturnType<typeof eq>): Promise<PlaceDetail['ventas']> {
  const rows = await db
    .select({
      reserva_id: reservas.id,
      solicitud_id: solicitudes.id,
      numero: sql<string>`coalesce(${solicitudes.numeroContrato}, ${solicitudes.numeroSolicitud})`,
      estado: solicitudes.estado,
      cliente: clientes.nombre,
      vendedor: vendedores.nombre,
      fecha_creacion: solicitudes.fechaCreacion,
      puestos: reservas.puestos,
    })
    .from(reservas)
    .innerJoin(solicitudes, eq(solicitudes.id, reservas.solicitudId))
    .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
    .innerJoin(vendedores, eq(vendedores.id, solicitudes.vendedorId))
    .where(where)
    .orderBy(desc(solicitudes.fechaCreacion), desc(reservas.id));
  return rows.map((row) => ({ ...row, fecha_creacion: row.fecha_creacion.toISOString() }));
}

/** What the office reads when it clicks a plot: its plan and who bought or holds its seats. */
export async function plotDetail({ db, id }: { db: Db; id: number }): Promise<PlaceDetail> {
  const [plot] = await db
    .select({ id: parcelas.id, codigo: parcelas.codigo, plan: planes.descripcion })
    .from(parcelas)
    .leftJoin(planes, eq(planes.id, parcelas.planId))
    .where(eq(parcelas.id, id));
  if (!plot) throw notFound(MAP_MESSAGES.parcelaNoEncontrada);
  return { ...plot, ventas: await salesOf(db, eq(reservas.parcelaId, id)) };
}

/** What the office reads when it clicks a niche. */
export async function nicheDetail({ db, id }: { db: Db; id: number }): Promise<PlaceDetail> {
  const [niche] = await db
    .select({ id: nichosColumbario.id, codigo: nichosColumbario.codigo, plan: nichosColumbario.plan })
    .from(nichosColumbario)
    .where(eq(nichosColumbario.id, id));
  if (!niche) throw notFound(MAP_MESSAGES.nichoNoEncontrado);
  return { ...niche, ventas: await salesOf(db, eq(reservas.nichoId, id)) };
}
