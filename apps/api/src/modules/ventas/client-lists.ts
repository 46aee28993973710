import { and, asc, count, desc, eq, exists, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  formatCsvAmount,
  MSG,
  PAYMENT_STATE_LABELS,
  REQUEST_STATE_LABELS,
  serviceLabel,
  type CsvCell,
  type SalesClientListQuery,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { clientes, solicitudes } from '../../db/schema';
import { orEmpty, searchText } from '../../db/schema/search-text';
import { badRequest } from '../../lib/app-error';
import { businessDayStart, nextBusinessDayStart } from '../../lib/business-time';
import { orderOf, searchCondition, type SortedList } from '../../lib/list-tools';
import { inSellers } from '../../lib/seller-scope';
import { csvDay } from '../../lib/csv-day';

// Issue 15 (decision 032): search, order, filters and CSV of /ventas/solicitudes, /clientes and /contratos — a page
// of the seller's clients (a supervisor's team's), each with their requests or contracts.

/** The texts of the global search's trigram indexes (decision 028): the same expressions, so PostgreSQL reads them. */
const clientText = searchText(
  clientes.nombre,
  clientes.cedula,
  orEmpty(clientes.telefono),
  orEmpty(clientes.celular),
);
const requestText = searchText(solicitudes.numeroSolicitud, orEmpty(solicitudes.numeroContrato));

export type ClientListKind = 'solicitudes' | 'contratos';
type Filters = Partial<Omit<SalesClientListQuery, 'page' | 'per_page' | 'formato'>>;

/**
 * What a list is built from: which clients, which of their requests they show, and in which order. `onlyStates`:
 * the states the requests shown are filtered by, when nothing else filters them (their statement is prepared).
 * `plainName`: when nothing the user typed is in `where` (no search, service, dates or order), a name for its
 * statements that says everything that shapes them (the list's kind and states): a seller's page is prepared.
 */
export type ClientListFilter = {
  where?: SQL;
  requestWhere: SQL;
  onlyStates?: RequestState[];
  order?: SQL[];
  plainName?: string;
};

type RequestState = (typeof solicitudes.$inferSelect)['estado'];

/**
 * The clients of the filter and the requests they show. A request filter (estado, servicio, desde, hasta) keeps
 * the clients with a matching request and shows only those; `q` finds a client by name, cédula or phone, or by
 * the number of one of their requests (or contracts) in the list.
 */
export function clientListFilter(kind: ClientListKind, query: Filters): ClientListFilter {
  if (query.desde && query.hasta && query.desde > query.hasta) throw badRequest(MSG.rangoFechasInvalido);
  const states: RequestState[] =
    kind === 'contratos' ? ['contrato'] : query.estado ? [query.estado] : ['solicitud', 'contrato'];
  const requestWhere = and(
    inArray(solicitudes.estado, states),
    query.servicio ? eq(solicitudes.tipoServicio, query.servicio) : undefined,
    query.desde ? gte(solicitudes.fechaCreacion, businessDayStart(query.desde)) : undefined,
    query.hasta ? lt(solicitudes.fechaCreacion, nextBusinessDayStart(query.hasta)) : undefined,
  )!;
  const hasRequestFilter =
    kind === 'contratos' || Boolean(query.estado || query.servicio || query.desde || query.hasta);
  const ownRequest = (condition?: SQL) =>
    exists(
      sql`(select 1 from ${solicitudes} where ${and(eq(solicitudes.clienteId, clientes.id), requestWhere, condition)})`,
    );
  // The states alone filter the requests shown: their statement is prepared (see ClientListFilter).
  const onlyStates = query.servicio || query.desde || query.hasta ? undefined : states;
  // Issue 12: whether a client has a contract is their count of contracts (migration 0017), read from its index.
  const onlyContracts = onlyStates?.length === 1 && onlyStates[0] === 'contrato';
  const search = query.q
    ? or(searchCondition(query.q, [clientText]), ownRequest(searchCondition(query.q, [requestText])))
    : undefined;
  // The newest request of the client among those shown; a client without any goes last either way.
  const newest = sql`coalesce((select max(${solicitudes.fechaCreacion}) from ${solicitudes}
    where ${and(eq(solicitudes.clienteId, clientes.id), requestWhere)}), '-infinity'::timestamptz)`;
  const order = query.orden
    ? orderOf(
        query.orden,
        {
          // Accents and case folded, as a reader orders names ('Ángel' among the a's).
          nombre: searchText(clientes.nombre),
          cedula: clientes.cedula,
          telefono: sql`coalesce(${clientes.celular}, ${clientes.telefono})`,
          fecha: newest,
        },
        clientes.id,
        [],
      )
    : undefined;
  return {
    where: and(
      // The zero is written into the statement, as the index's predicate says it: a generic plan cannot match a
      // parameter to a partial index (decisions 041 and 052).
      hasRequestFilter ? (onlyContracts ? sql`${clientes.contratos} > 0` : ownRequest()) : undefined,
      search,
    ),
    requestWhere,
    onlyStates,
    order,
    plainName:
      onlyStates && !query.q && !query.orden
        ? [kind, ...(hasRequestFilter ? onlyStates : [])].join('_')
        : undefined,
  };
}

/** Clients in the list's order: by name when none was asked for (SPEC §7). */
const clientOrder = (filter: ClientListFilter) => filter.order ?? [asc(clientes.nombre), asc(clientes.id)];

/** A client and one of the requests the list shows (none for a client without any), as a row of the CSV. */
type ClientRequestRow = {
  clienteId: number;
  nombre: string;
  cedula: string;
  celular: string | null;
  telefono: string | null;
  direccion: string | null;
  email: string | null;
  numeroSolicitud: string | null;
  numeroContrato: string | null;
  tipoServicio: string | null;
  modalidadPago: string | null;
  fechaCreacion: Date | null;
  estado: string | null;
  estadoPago: string | null;
  montoTotal: string | null;
};

/**
 * `formato=csv`: every client of the filter with each request it shows, one a row, in the list's order. A window
 * is a window of clients (each gives one row or more), read in two steps: the clients of the filter in order, then
 * their requests. In one statement, PGlite gave back busqueda_normalizar()'s folded name in place of the client's
 * name when the search, the join and a sort met.
 */
export function clientRequestRows({
  db,
  sellers,
  filter,
}: {
  db: Db;
  sellers: number[] | 'all';
  filter: ClientListFilter;
}): SortedList<ClientRequestRow> {
  const where = and(inSellers(clientes.vendedorId, sellers), filter.where);
  return {
    count: async () => (await db.select({ total: count() }).from(clientes).where(where))[0]?.total ?? 0,
    rows: async ({ limit, offset }) => {
      const ids = (
        await db
          .select({ id: clientes.id })
          .from(clientes)
          .where(where)
          .orderBy(...clientOrder(filter))
          .limit(limit)
          .offset(offset)
      ).map((row) => row.id);
      if (!ids.length) return [];
      const rows = await db
        .select({
          clienteId: clientes.id,
          nombre: clientes.nombre,
          cedula: clientes.cedula,
          celular: clientes.celular,
          telefono: clientes.telefono,
          direccion: clientes.direccion,
          email: clientes.email,
          numeroSolicitud: solicitudes.numeroSolicitud,
          numeroContrato: solicitudes.numeroContrato,
          tipoServicio: solicitudes.tipoServicio,
          modalidadPago: solicitudes.modalidadPago,
          fechaCreacion: solicitudes.fechaCreacion,
          estado: solicitudes.estado,
          estadoPago: solicitudes.estadoPago,
          montoTotal: solicitudes.montoTotal,
        })
        .from(clientes)
        .leftJoin(solicitudes, and(eq(solicitudes.clienteId, clientes.id), filter.requestWhere))
        .where(inArray(clientes.id, ids))
        .orderBy(desc(solicitudes.fechaCreacion), desc(solicitudes.id));
      const position = new Map(ids.map((id, index) => [id, index]));
      // A stable sort: each client's requests stay newest first.
      return rows.sort((a, b) => position.get(a.clienteId)! - position.get(b.clienteId)!);
    },
  };
}

/** A row of SALES_CLIENT_CSV_HEADER. */
export function clientRequestCsvRow(row: ClientRequestRow): CsvCell[] {
  return [
    row.nombre,
    row.cedula,
    row.celular ?? row.telefono,
    row.direccion,
    row.email,
    row.numeroContrato ?? row.numeroSolicitud,
    row.tipoServicio && serviceLabel(row.tipoServicio),
    row.modalidadPago,
    row.fechaCreacion && csvDay(row.fechaCreacion),
    row.estado && (REQUEST_STATE_LABELS[row.estado] ?? row.estado),
    row.estadoPago && (PAYMENT_STATE_LABELS[row.estadoPago] ?? row.estadoPago),
    row.montoTotal === null ? null : formatCsvAmount(Number(row.montoTotal)),
  ];
}
