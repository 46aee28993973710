import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_PLOT_SEATS,
  MSG,
  normalizePlotCode,
  parsePlotCsv,
  PLOT_CODE_EMPTY,
  PLOT_CODE_ERROR,
  REQUEST_MESSAGES,
  type CsvCell,
  type PlotLookup,
  type PlotsListQuery,
  type PlotRow,
  type UpdatePlotInput,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { parcelas, planes, reservas, resumenParcelasPrefijos } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';
import { orderOf, searchable, searchCondition, type SortedList } from '../../lib/list-tools';
import { preparedQuery } from '../../lib/prepared-once';
import { parseOrRefuse } from './import-file';

const CHUNK = 500;

/** A plot's row as SPEC §7 answers it; the map reads the same seats. */
export const plotColumns = {
  id: parcelas.id,
  codigo: parcelas.codigo,
  puestos: parcelas.puestos,
  disponible: parcelas.disponible,
  reservadas: parcelas.reservadas,
  ocupadas: parcelas.ocupadas,
  vendidas: parcelas.vendidas,
};

/** Seats held by active requests, per plot code: an import or an edit may not drop below them. */
async function heldSeats(db: Db, codes: string[]): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (let start = 0; start < codes.length; start += CHUNK) {
    const rows = await db
      .select({ codigo: parcelas.codigo, puestos: sql<number>`sum(${reservas.puestos})::int` })
      .from(reservas)
      .innerJoin(parcelas, eq(parcelas.id, reservas.parcelaId))
      .where(and(eq(reservas.estado, 'activa'), inArray(parcelas.codigo, codes.slice(start, start + CHUNK))))
      .groupBy(parcelas.codigo);
    rows.forEach((row) => held.set(row.codigo, row.puestos));
  }
  return held;
}

/** Locks the existing plots of these codes, in code order, until the end of the transaction. */
async function lockPlots(tx: Db, codes: string[]) {
  const sorted = [...codes].sort();
  for (let start = 0; start < sorted.length; start += CHUNK) {
    await tx
      .select({ id: parcelas.id })
      .from(parcelas)
      .where(inArray(parcelas.codigo, sorted.slice(start, start + CHUNK)))
      .orderBy(asc(parcelas.codigo))
      .for('update');
  }
}

/** SPEC §7 POST /api/admin/upload-parcelas: all rows or none, in one transaction. */
export async function importPlots({ db, csv, actor }: { db: Db; csv: string; actor: Actor }) {
  const rows = parseOrRefuse(() => parsePlotCsv(csv));
  // Written in code order, so every import locks the page map's prefix rows (migration 0011) in one order.
  const inCodeOrder = [...rows].sort((a, b) => (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : 0));
  return db.transaction(async (tx) => {
    const codes = rows.map((row) => row.codigo);
    // A request taking a seat while the file is checked would be overwritten: it is waited for, and counted.
    await lockPlots(tx, codes);
    const held = await heldSeats(tx, codes);
    for (const row of rows) {
      const seats = held.get(row.codigo) ?? 0;
      if (row.reservadas < seats) {
        throw badRequest(MSG.lineaPuestosReservados(row.line, row.codigo, seats));
      }
    }
    let created = 0;
    for (let start = 0; start < rows.length; start += CHUNK) {
      const result = await tx
        .insert(parcelas)
        .values(inCodeOrder.slice(start, start + CHUNK).map(({ line: _line, ...row }) => row))
        .onConflictDoUpdate({
          target: parcelas.codigo,
          set: {
            puestos: sql`excluded.puestos`,
            disponible: sql`excluded.disponible`,
            reservadas: sql`excluded.reservadas`,
            ocupadas: sql`excluded.ocupadas`,
            vendidas: sql`excluded.vendidas`,
            updatedAt: sql`now()`,
          },
        })
        // xmax is 0 for a freshly inserted row: it tells created from updated rows.
        .returning({ isNew: sql<boolean>`(xmax = 0)` });
      created += result.filter((row) => row.isNew).length;
    }
    const updated = rows.length - created;
    await audit(tx, actor, {
      accion: 'importar_parcelas',
      descripcion: `Inventario de parcelas importado: ${rows.length} filas (${created} nuevas, ${updated} actualizadas).`,
      entidad: 'parcela',
    });
    return { procesadas: rows.length, creadas: created, actualizadas: updated };
  });
}

/**
 * SPEC §7 GET /parcelas, one page by code; issue 15 (decision 032): searched by code (the trigram index of
 * migration 0008), filtered by free seats and sorted by any count.
 */
export async function listPlots({ db, query }: { db: Db; query: PlotsListQuery }) {
  const list = plotsList({ db, query });
  const { page, per_page: perPage } = query;
  const [items, total] = await Promise.all([
    list.rows({ limit: perPage, offset: (page - 1) * perPage }),
    list.count(),
  ]);
  return { items, total, page, per_page: perPage };
}

export function plotsList({
  db,
  query,
}: {
  db: Db;
  query: Omit<PlotsListQuery, 'page' | 'per_page'>;
}): SortedList<PlotRow> {
  const where = and(
    searchCondition(query.q, [searchable(parcelas.codigo, { isNullable: false })]),
    query.disponibilidad === 'con_puestos'
      ? sql`${parcelas.disponible} > 0`
      : query.disponibilidad === 'sin_puestos'
        ? eq(parcelas.disponible, 0)
        : undefined,
  );
  const order = orderOf(
    query.orden,
    {
      codigo: parcelas.codigo,
      puestos: parcelas.puestos,
      disponible: parcelas.disponible,
      reservadas: parcelas.reservadas,
      ocupadas: parcelas.ocupadas,
      vendidas: parcelas.vendidas,
    },
    parcelas.id,
    [asc(parcelas.codigo)],
  );
  if (!where && (!query.orden || query.orden === 'codigo')) return plotsByPrefix(db);
  return {
    count: async () => {
      const [row] = await db.select({ total: count() }).from(parcelas).where(where);
      return row?.total ?? 0;
    },
    rows: ({ limit, offset }) =>
      db
        .select(plotColumns)
        .from(parcelas)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as Promise<PlotRow[]>,
  };
}

/**
 * Issue 12: every plot in code order, through the page map of migration 0011 (plots per code prefix, decision
 * 016): a window enters the code index at the prefix holding its first row. PostgreSQL finds that prefix, the
 * plots before it and the total in one row: reading every prefix to find them here grew with the plots (250
 * prefixes at 25,000 plots, whose decoding doubled a page's cost on PGlite).
 */
function plotsByPrefix(db: Db): SortedList<PlotRow> {
  // Both statements prepared once (lib/prepared-once.ts): the cheapest lists spent more in Drizzle's building of
  // their SQL than PostgreSQL spent running it.
  const read = (offset: number) =>
    preparedQuery(db, 'parcelas_prefijo_de_fila', () => {
      const { prefijo, cantidad } = resumenParcelasPrefijos;
      const map = db
        .select({
          prefijo,
          cantidad,
          antes: sql<number>`(sum(${cantidad}) over (order by ${prefijo}) - ${cantidad})::int`.as('antes'),
          total: sql<number>`(sum(${cantidad}) over ())::int`.as('total'),
        })
        .from(resumenParcelasPrefijos)
        .where(ne(cantidad, 0))
        .as('mapa');
      return db
        .select()
        .from(map)
        .where(lte(map.antes, sql.placeholder('offset')))
        .orderBy(desc(map.prefijo))
        .limit(1);
    })
      .execute({ offset })
      .then(([start]) => start);
  // The list's total and its page come from one read: any window's row carries the total.
  let lookup: { offset: number; start: ReturnType<typeof read> } | undefined;
  const startOf = (offset: number) => {
    if (lookup?.offset !== offset) lookup = { offset, start: read(offset) };
    return lookup.start;
  };
  return {
    count: async () => (await (lookup?.start ?? startOf(0)))?.total ?? 0,
    rows: async ({ limit, offset }) => {
      const start = await startOf(offset);
      if (!start || offset >= start.antes + start.cantidad || limit <= 0) return [];
      // Codes of one prefix sort together, after the prefix itself.
      const page = preparedQuery(db, 'parcelas_desde_prefijo', () =>
        db
          .select(plotColumns)
          .from(parcelas)
          .where(gte(parcelas.codigo, sql.placeholder('prefijo')))
          .orderBy(asc(parcelas.codigo))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      );
      return page.execute({ prefijo: start.prefijo, limit, offset: offset - start.antes });
    },
  };
}

/** A plot as a row of the CSV (PLOT_CSV_HEADER). */
export const plotCsvRow = (plot: PlotRow): CsvCell[] => [
  plot.codigo,
  plot.puestos,
  plot.disponible,
  plot.reservadas,
  plot.ocupadas,
  plot.vendidas,
];

export async function updatePlot({
  db,
  id,
  input,
  actor,
}: {
  db: Db;
  id: number;
  input: UpdatePlotInput;
  actor: Actor;
}) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(plotColumns).from(parcelas).where(eq(parcelas.id, id)).for('update');
    if (!before) throw notFound(MSG.parcelaNoEncontrada);
    const counts = {
      disponible: Number(input.disponible),
      reservadas: Number(input.reservadas),
      ocupadas: Number(input.ocupadas),
      vendidas: Number(input.vendidas),
    };
    const totalSeats = counts.disponible + counts.reservadas + counts.ocupadas + counts.vendidas;
    if (totalSeats === 0) throw badRequest(MSG.parcelaSinPuestos);
    const heldByRequests = (await heldSeats(tx, [before.codigo])).get(before.codigo) ?? 0;
    if (counts.reservadas < heldByRequests) {
      throw conflict(MSG.puestosReservados(before.codigo, heldByRequests));
    }
    const [row] = await tx
      .update(parcelas)
      .set({ ...counts, puestos: totalSeats, updatedAt: new Date() })
      .where(eq(parcelas.id, id))
      .returning(plotColumns);
    await audit(tx, actor, {
      accion: 'actualizar_parcela',
      descripcion: `Parcela ${before.codigo}: disponible ${before.disponible}→${counts.disponible}, reservadas ${before.reservadas}→${counts.reservadas}, ocupadas ${before.ocupadas}→${counts.ocupadas}, vendidas ${before.vendidas}→${counts.vendidas}`,
      entidad: 'parcela',
      entidadId: id,
    });
    return row as PlotRow;
  });
}

/**
 * Issue 10 (DESIGN §4.15): administration registers a plot the sales form did not find, with the SPEC §8
 * defaults of a new entry: 3 seats, all free, priced by the default plot plan (no plan of its own).
 */
export async function createPlot({ db, rawCode, actor }: { db: Db; rawCode: string; actor: Actor }) {
  if (!rawCode.trim()) throw badRequest(PLOT_CODE_EMPTY);
  const code = normalizePlotCode(rawCode);
  if (!code) throw badRequest(PLOT_CODE_ERROR);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(parcelas)
      .values({ codigo: code, puestos: DEFAULT_PLOT_SEATS, disponible: DEFAULT_PLOT_SEATS })
      .onConflictDoNothing({ target: parcelas.codigo })
      .returning(plotColumns);
    if (!row) throw conflict(REQUEST_MESSAGES.parcelaYaRegistrada(code));
    await audit(tx, actor, {
      accion: 'crear_parcela',
      descripcion: `Parcela ${code} registrada con ${DEFAULT_PLOT_SEATS} puestos disponibles.`,
      entidad: 'parcela',
      entidadId: row.id,
    });
    return row as PlotRow;
  });
}

/** SPEC §7 GET /api/consulta-parcela/{code}: availability and the prices of the plot's plan. */
export async function lookupPlot({ db, rawCode }: { db: Db; rawCode: string }): Promise<PlotLookup> {
  if (!rawCode.trim()) throw badRequest(PLOT_CODE_EMPTY);
  const code = normalizePlotCode(rawCode);
  if (!code) throw badRequest(PLOT_CODE_ERROR);
  const [row] = await db
    .select({
      codigo: parcelas.codigo,
      disponible: parcelas.disponible,
      contado: sql<
        string | null
      >`coalesce(${planes.deContado}, (select de_contado from planes where tipo_servicio = 'parcelas' and is_active order by de_contado limit 1))`,
      financiado: sql<
        string | null
      >`coalesce(${planes.financiado}, (select financiado from planes where tipo_servicio = 'parcelas' and is_active order by de_contado limit 1))`,
    })
    .from(parcelas)
    .leftJoin(planes, eq(planes.id, parcelas.planId))
    .where(eq(parcelas.codigo, code));
  if (!row) throw notFound(REQUEST_MESSAGES.parcelaNoEncontrada(code));
  return {
    codigo: row.codigo,
    disponible: row.disponible,
    estado: row.disponible > 0 ? 'disponible' : 'no disponible',
    precio_contado: Number(row.contado ?? 0),
    precio_financiado: Number(row.financiado ?? 0),
  };
}
