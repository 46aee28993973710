import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  formatCsvAmount,
  MSG,
  normalizeNicheCode,
  parseNicheCsv,
  REQUEST_MESSAGES,
  type CsvCell,
  type Niche,
  type NichesListQuery,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { nichosColumbario, reservas } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';
import { orderOf, searchable, searchCondition, type SortedList } from '../../lib/list-tools';
import { parseOrRefuse } from './import-file';

const CHUNK = 500;
type NicheRow = typeof nichosColumbario.$inferSelect;

const amount = (value: string | null) => (value === null ? null : Number(value));

export function toNicheDto(row: NicheRow): Niche {
  return {
    id: row.id,
    codigo: row.codigo,
    estado: row.estado,
    cantidad_nichos: row.cantidadNichos,
    plan: row.plan,
    descripcion: row.descripcion,
    mto_contado: amount(row.mtoContado),
    mto_financiado: amount(row.mtoFinanciado),
    capilla: row.capilla,
    lado: row.lado,
    fila: row.fila,
    columna: row.columna,
  };
}

/** Columbarium niches from CSV, like plots: all rows or none. A niche held by a request keeps its state. */
export async function importNiches({ db, csv, actor }: { db: Db; csv: string; actor: Actor }) {
  const rows = parseOrRefuse(() => parseNicheCsv(csv));
  return db.transaction(async (tx) => {
    const codes = rows.map((row) => row.codigo);
    // A request reserving a niche while the file is checked would be overwritten: it is waited for, and seen.
    const sorted = [...codes].sort();
    for (let start = 0; start < sorted.length; start += CHUNK) {
      await tx
        .select({ id: nichosColumbario.id })
        .from(nichosColumbario)
        .where(inArray(nichosColumbario.codigo, sorted.slice(start, start + CHUNK)))
        .orderBy(asc(nichosColumbario.codigo))
        .for('update');
    }
    const held = new Set<string>();
    for (let start = 0; start < codes.length; start += CHUNK) {
      const found = await tx
        .select({ codigo: nichosColumbario.codigo })
        .from(reservas)
        .innerJoin(nichosColumbario, eq(nichosColumbario.id, reservas.nichoId))
        .where(
          and(
            eq(reservas.estado, 'activa'),
            inArray(nichosColumbario.codigo, codes.slice(start, start + CHUNK)),
          ),
        );
      found.forEach((row) => held.add(row.codigo));
    }
    const clash = rows.find((row) => held.has(row.codigo) && row.estado !== 'reservado');
    if (clash) {
      throw badRequest(MSG.lineaNichoReservado(clash.line, clash.codigo));
    }
    let created = 0;
    for (let start = 0; start < rows.length; start += CHUNK) {
      const result = await tx
        .insert(nichosColumbario)
        .values(
          rows.slice(start, start + CHUNK).map((row) => ({
            codigo: row.codigo,
            capilla: row.capilla,
            lado: row.lado,
            fila: row.fila,
            columna: row.columna,
            cantidadNichos: row.cantidad_nichos,
            plan: row.plan,
            descripcion: row.descripcion,
            estado: row.estado,
            mtoContado: row.mto_contado?.toFixed(2) ?? null,
            mtoFinanciado: row.mto_financiado?.toFixed(2) ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: nichosColumbario.codigo,
          set: {
            capilla: sql`excluded.capilla`,
            lado: sql`excluded.lado`,
            fila: sql`excluded.fila`,
            columna: sql`excluded.columna`,
            cantidadNichos: sql`excluded.cantidad_nichos`,
            plan: sql`excluded.plan`,
            descripcion: sql`excluded.descripcion`,
            estado: sql`excluded.estado`,
            mtoContado: sql`excluded.mto_contado`,
            mtoFinanciado: sql`excluded.mto_financiado`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ isNew: sql<boolean>`(xmax = 0)` });
      created += result.filter((row) => row.isNew).length;
    }
    await audit(tx, actor, {
      accion: 'importar_columbarios',
      descripcion: `Inventario de nichos de columbario importado: ${rows.length} filas (${created} nuevas, ${rows.length - created} actualizadas).`,
      entidad: 'nicho',
    });
    return { procesadas: rows.length, creadas: created, actualizadas: rows.length - created };
  });
}

/**
 * GET /api/v1/admin/columbarios, one page by code; issue 15 (decision 032): searched by code (trigram index),
 * chapel, plan or description, filtered by state and sorted.
 */
export async function listNiches({ db, query }: { db: Db; query: NichesListQuery }) {
  const list = nichesList({ db, query });
  const { page, per_page: perPage } = query;
  const [items, total] = await Promise.all([
    list.rows({ limit: perPage, offset: (page - 1) * perPage }),
    list.count(),
  ]);
  return { items, total, page, per_page: perPage };
}

export function nichesList({
  db,
  query,
}: {
  db: Db;
  query: Omit<NichesListQuery, 'page' | 'per_page'>;
}): SortedList<Niche> {
  const where = and(
    searchCondition(query.q, [
      searchable(nichosColumbario.codigo, { isNullable: false }),
      searchable(nichosColumbario.capilla),
      searchable(nichosColumbario.plan),
      searchable(nichosColumbario.descripcion),
    ]),
    query.estado ? eq(nichosColumbario.estado, query.estado) : undefined,
  );
  const order = orderOf(
    query.orden,
    {
      codigo: nichosColumbario.codigo,
      capilla: nichosColumbario.capilla,
      lado: nichosColumbario.lado,
      fila: nichosColumbario.fila,
      columna: nichosColumbario.columna,
      estado: nichosColumbario.estado,
      mto_contado: nichosColumbario.mtoContado,
    },
    nichosColumbario.id,
    [asc(nichosColumbario.codigo)],
  );
  return {
    count: async () => {
      const [row] = await db.select({ total: count() }).from(nichosColumbario).where(where);
      return row?.total ?? 0;
    },
    rows: async ({ limit, offset }) => {
      const rows = await db
        .select()
        .from(nichosColumbario)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map(toNicheDto);
    },
  };
}

const csvAmount = (value: number | null) => (value === null ? null : formatCsvAmount(value));

/** A niche as a row of the CSV (NICHE_CSV_HEADER): amounts with a decimal comma. */
export const nicheCsvRow = (niche: Niche): CsvCell[] => [
  niche.codigo,
  niche.capilla,
  niche.lado,
  niche.fila,
  niche.columna,
  niche.cantidad_nichos,
  niche.plan,
  niche.estado.toUpperCase(),
  csvAmount(niche.mto_contado),
  csvAmount(niche.mto_financiado),
];

/** SPEC §7 GET /api/consulta-columbario/{code}. */
export async function lookupNiche({ db, rawCode }: { db: Db; rawCode: string }): Promise<Niche> {
  const code = normalizeNicheCode(rawCode);
  const [row] = await db.select().from(nichosColumbario).where(eq(nichosColumbario.codigo, code));
  if (!row) throw notFound(REQUEST_MESSAGES.nichoNoEncontrado);
  return toNicheDto(row);
}
