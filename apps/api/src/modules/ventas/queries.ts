import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CONTRACT_MESSAGES,
  type Client,
  type CsvCell,
  type RequestDto,
  type SalesClientListQuery,
  type SellerSummary,
  type TeamSellersListQuery,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clientes, solicitudes, usuarios, vendedores } from '../../db/schema';
import { forbidden } from '../../lib/app-error';
import { codeWords, preparedQuery, preparedRows } from '../../lib/prepared-once';
import { groupBy } from '../../lib/group-by';
import type { ListSource } from '../../lib/list-reply';
import { keptAnswersOf } from '../../lib/kept-answers';
import { searchText } from '../../db/schema/search-text';
import { orderOf, searchable, searchCondition, type SortedList } from '../../lib/list-tools';
import { assertReachesSeller, inSellers, sellersOfList, type SellerPageArgs } from '../../lib/seller-scope';
import type { SessionUser } from '../../lib/actor';
import { toClientDto, type ClientDtoRow, type ClientRow } from '../clientes/service';
import { clientListFilter, type ClientListFilter } from './client-lists';
import {
  loadRequests,
  newestFirst,
  preparedRequests,
  sellerRequestsBatch,
  sellerRequestsVersion,
  sellerRequestsPage,
} from '../contratos/request-dto';

type ClientWithRequests = Client & { solicitudes: RequestDto[]; contratos: RequestDto[] };
type ClientPageArgs = ClientListFilter & { sellers: number[] | 'all'; page: number; perPage: number };

const byName = [asc(clientes.nombre), asc(clientes.id)];

/** Issue 15: the search, order and filters of the client lists. */
export type SalesClientFilters = Partial<Omit<SalesClientListQuery, 'page' | 'per_page' | 'formato'>>;

/** A page of clients, then all their requests in one query (no query per client). */
async function clientPage(
  db: Db,
  args: ClientPageArgs,
): Promise<{ items: ClientWithRequests[]; total: number; page: number; per_page: number }> {
  const [rows, [{ total } = { total: 0 }]] =
    args.plainName && (args.sellers === 'all' || args.sellers.length === 1)
      ? await plainClientPage(db, {
          ...args,
          plainName: args.plainName,
          seller: args.sellers === 'all' ? undefined : args.sellers[0],
        })
      : await anyClientPage(db, args);
  const ids = rows.map((row) => row.id);
  const requests = !ids.length
    ? []
    : args.onlyStates
      ? await requestsOfClients(db, ids, args.onlyStates)
      : await loadRequests({
          db,
          where: and(inArray(solicitudes.clienteId, ids), args.requestWhere),
          orderBy: newestFirst,
        });
  return { items: withTheirRequests(rows, requests), total, page: args.page, per_page: args.perPage };
}

/** Each client with their requests, and among them their contracts: clientWithRequestsSchema's fields, in order. */
export function withTheirRequests(rows: ClientDtoRow[], requests: RequestDto[]): ClientWithRequests[] {
  const byClient = groupBy(requests, (request) => request.cliente_id);
  return rows.map((row) => {
    const own = byClient.get(row.id) ?? [];
    return {
      ...toClientDto(row),
      solicitudes: own,
      contratos: own.filter((request) => request.estado === 'contrato'),
    };
  });
}

/** A page of the clients of the filter, in its order, and their number. */
function anyClientPage(db: Db, args: ClientPageArgs) {
  const where = and(inSellers(clientes.vendedorId, args.sellers), args.where);
  return Promise.all([
    Array.isArray(args.sellers) && args.sellers.length > 1 && !args.order
      ? teamClientPage(db, { ...args, sellers: args.sellers })
      : db
          .select()
          .from(clientes)
          .where(where)
          .orderBy(...(args.order ?? byName))
          .limit(args.perPage)
          .offset((args.page - 1) * args.perPage),
    db.select({ total: count() }).from(clientes).where(where),
  ]);
}

/**
 * The same for one seller's list (or everyone's) as the screen first opens it: no search, order or request filter
 * but its states. Prepared once per kind (lib/prepared-once.ts), where Drizzle built and PostgreSQL planned them on
 * every page (issue 12). The page's rows carry the filter's count, a subquery PostgreSQL runs once: one statement
 * where there were two (a quarter of a seller's page's statements, each a round trip on both drivers). Only a page
 * with no row, past the end, asks for the count apart. On PGlite the rows come as one JSON text (db/rows.ts), not
 * as 25 rows of 15 fields each decoded apart: a fifth of the database thread's time on this page (decision 044).
 */
async function plainClientPage(db: Db, args: ClientPageArgs & { plainName: string; seller?: number }) {
  const name = `clientes_${args.plainName}${args.seller === undefined ? '_todos' : ''}`;
  const where = and(
    args.seller === undefined ? undefined : eq(clientes.vendedorId, sql.placeholder('vendedor')),
    args.where,
  );
  const counted = () => db.select({ total: count() }).from(clientes).where(where);
  const page = preparedRows<ClientDtoRow & { total: number }>(
    db,
    name,
    () => sql`select ${CLIENT_DTO_COLUMNS}, (${counted()})::int as total from ${clientes}
      ${where ? sql`where ${where}` : sql``} order by ${clientes.nombre}, ${clientes.id}
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
  );
  const rows = await page.execute({
    vendedor: args.seller,
    limit: args.perPage,
    offset: (args.page - 1) * args.perPage,
  });
  if (rows.length) return [rows, [{ total: rows[0]!.total }]] as const;
  const total = preparedQuery(db, `${name}_total`, counted);
  return [rows, await total.execute({ vendedor: args.seller })] as const;
}

/** The columns of ClientDtoRow, under its names; the birth date as text on both drivers. */
const CLIENT_DTO_COLUMNS = sql.raw(`clientes.id, clientes.vendedor_id as "vendedorId", clientes.nombre,
  clientes.cedula, clientes.fecha_nacimiento::text as "fechaNacimiento", clientes.telefono, clientes.celular,
  clientes.email, clientes.direccion, clientes.nombre_documento as "nombreDocumento",
  clientes.documento_id as "documentoId"`);

/**
 * The requests in `states` of the clients `ids`, newest first: one prepared statement per set of states, whose
 * plan PostgreSQL keeps whatever the clients (decision 041), where `in (…)` of each page's ids was planned anew.
 */
function requestsOfClients(db: Db, ids: number[], states: NonNullable<ClientListFilter['onlyStates']>) {
  const statement = preparedRequests(db, `solicitudes_de_clientes_${states.join('_')}`, () => ({
    where: sql`${solicitudes.clienteId} = any(${sql.placeholder('clientes')}::int[])
      and ${solicitudes.estado} in (${codeWords(states)})`,
    orderBy: newestFirst,
  }));
  return statement.execute({ clientes: ids });
}

/**
 * A page of a team's clients (a supervisor's sellers) in name order. `vendedor_id in (…) order by nombre` has no
 * index to read in that order, so PostgreSQL sorted every client of the team (80 ms at 100,000 clients, issue 12);
 * here each seller's clients are read in order from the (vendedor_id, nombre, id) index up to the page's end, and
 * only those are merged.
 */
async function teamClientPage(
  db: Db,
  args: { sellers: number[]; where?: SQL; page: number; perPage: number },
): Promise<ClientRow[]> {
  const offset = (args.page - 1) * args.perPage;
  const team = sql.join(
    args.sellers.map((id) => sql`${id}`),
    sql`, `,
  );
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      select page.id from unnest(array[${team}]::int[]) as seller(id)
      cross join lateral (
        select ${clientes.id} as id, ${clientes.nombre} as nombre from ${clientes}
        where ${and(sql`${clientes.vendedorId} = seller.id`, args.where)}
        order by ${clientes.nombre}, ${clientes.id}
        limit ${offset + args.perPage}
      ) page
      order by page.nombre, page.id
      offset ${offset} limit ${args.perPage}`),
  ).map((row) => Number(row.id));
  if (!ids.length) return [];
  const found = await db.select().from(clientes).where(inArray(clientes.id, ids));
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * SPEC §7 GET /api/v1/clientes/lista/{sellerId}: clients with their requests and lines. Issue 15: searched,
 * filtered and sorted as `query` asks (client-lists.ts); without those words, every client by name.
 */
export async function listClientsWithRequests({
  db,
  actor,
  query = {},
  ...args
}: SellerPageArgs & { query?: SalesClientFilters }) {
  const sellers = await sellersOfList(db, actor, args.sellerId);
  return clientPage(db, {
    sellers,
    ...clientListFilter('solicitudes', query),
    page: args.page,
    perPage: args.perPage,
  });
}

/** SPEC §7 GET /api/v1/contratos/lista/{sellerId}: clients that have contracts, with them (issue 15 as above). */
export async function listClientsWithContracts({
  db,
  actor,
  query = {},
  ...args
}: SellerPageArgs & { query?: SalesClientFilters }) {
  const sellers = await sellersOfList(db, actor, args.sellerId);
  return clientPage(db, {
    sellers,
    ...clientListFilter('contratos', query),
    page: args.page,
    perPage: args.perPage,
  });
}

/**
 * SPEC §7 GET /api/vendedor/list/{promotorId}: the sellers a supervisor leads, by name. Issue 15 (decision 032):
 * searched by name, e-mail, cédula or phone and sorted as `query` asks.
 */
export async function teamSellersList({
  db,
  actor,
  supervisorId,
  query = {},
}: {
  db: Db;
  actor: SessionUser;
  supervisorId: number;
  query?: Pick<TeamSellersListQuery, 'q' | 'orden'>;
}): Promise<SortedList<SellerSummary>> {
  if (actor.rol === 'supervisor' && supervisorId !== actor.id)
    throw forbidden(CONTRACT_MESSAGES.vendedorAjeno);
  // An administrator asking for their own id (they lead no team) sees every seller.
  const isEveryone = actor.rol === 'administrador' && supervisorId === actor.id;
  const where = and(
    isEveryone ? eq(usuarios.rol, 'vendedor') : eq(vendedores.supervisorId, supervisorId),
    searchCondition(query.q, [
      searchable(vendedores.nombre, { isNullable: false }),
      searchable(vendedores.email, { isNullable: false }),
      searchable(vendedores.cedula),
      searchable(vendedores.telefono),
    ]),
  );
  const order = orderOf(
    query.orden,
    {
      usuario: searchText(vendedores.nombre),
      email: sql`lower(${vendedores.email})`,
      telefono: vendedores.telefono,
    },
    vendedores.id,
    [asc(vendedores.nombre), asc(vendedores.id)],
  );
  return {
    count: async () =>
      (
        await db
          .select({ total: count() })
          .from(vendedores)
          .innerJoin(usuarios, eq(usuarios.id, vendedores.id))
          .where(where)
      )[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db
        .select({
          id: vendedores.id,
          usuario: vendedores.nombre,
          email: vendedores.email,
          telefono: vendedores.telefono,
        })
        .from(vendedores)
        .innerJoin(usuarios, eq(usuarios.id, vendedores.id))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  };
}

/** A row of TEAM_SELLER_CSV_HEADER. */
export const teamSellerCsvRow = (seller: SellerSummary): CsvCell[] => [
  seller.usuario,
  seller.email,
  seller.telefono,
];

/** SPEC §7 GET /api/vendedor/contratos/{vendedorId}: a seller's requests and contracts. */
export async function listSellerContracts({
  db,
  actor,
  sellerId,
}: {
  db: Db;
  actor: SessionUser;
  sellerId: number;
}): Promise<ListSource<RequestDto>> {
  await assertReachesSeller(db, actor, sellerId, CONTRACT_MESSAGES.vendedorAjeno);
  const where = and(
    eq(solicitudes.vendedorId, sellerId),
    inArray(solicitudes.estado, ['solicitud', 'contrato']),
  );
  return {
    summary: async () => ({
      total: (await db.select({ total: count() }).from(solicitudes).where(where))[0]!.total,
    }),
    page: (window) => sellerRequestsPage(db, sellerId, window),
    batchAfter: (after, size) => sellerRequestsBatch(db, sellerId, after, size),
    // 563 requests and 680 KB at 100,000 contracts: too much to build again for every call (decision 056).
    kept: {
      answers: keptAnswersOf(db),
      key: `vendedor/contratos/${sellerId}`,
      summary: () => sellerRequestsVersion(db, sellerId),
    },
  };
}
