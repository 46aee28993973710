import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  SEARCH_GROUP_LIMIT,
  type SearchClient,
  type SearchNiche,
  type SearchPlot,
  type SearchRequest,
  type SearchResponse,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clientes, nichosColumbario, parcelas, solicitudes } from '../../db/schema';
import { foldForSearch, orEmpty, searchText } from '../../db/schema/search-text';
import type { SessionUser } from '../../lib/actor';
import { reachableSellerIds } from '../../lib/seller-scope';

// Issue 15 global search (docs/decisions/028-global-search.md). Each group is one query on its table's trigram index
// (migration 0008): the first CANDIDATES matching rows the index finds are ranked (a whole field equal to the text,
// then a word starting with it, then any other part) and the best SEARCH_GROUP_LIMIT are answered. The cap keeps a
// text found in thousands of rows ('mar') as cheap as a rare one; a number or a code typed in full is always among
// the candidates, since few rows contain it.

const CANDIDATES = 200;

const clientText = searchText(
  clientes.nombre,
  clientes.cedula,
  orEmpty(clientes.telefono),
  orEmpty(clientes.celular),
);
const requestText = searchText(solicitudes.numeroSolicitud, orEmpty(solicitudes.numeroContrato));
const plotText = searchText(parcelas.codigo);
const nicheText = searchText(nichosColumbario.codigo);

/** `%`, `_` and `\` are LIKE's wildcards and escape: searched for as they are. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

type Patterns = { folded: string; contains: string; starts: string; wordStarts: string };

/** The LIKE patterns of a text already checked by searchQuerySchema. */
function patternsOf(q: string): Patterns {
  const folded = foldForSearch(q);
  const escaped = escapeLike(folded);
  return { folded, contains: `%${escaped}%`, starts: `${escaped}%`, wordStarts: `% ${escaped}%` };
}

/**
 * A row's text contains the searched text. Two characters make no trigram inside a word, so the index could only
 * be read whole: a text that short is looked for at the start of a word instead (a name's first letters).
 */
function matches(text: SQL, patterns: Patterns): SQL {
  return patterns.folded.length >= 3
    ? sql`${text} like ${patterns.contains}`
    : sql`(${text} like ${patterns.starts} or ${text} like ${patterns.wordStarts})`;
}

/** 0 when a field equals the text, 1 when a word starts with it, 2 otherwise. */
function rank(text: SQL, exact: SQL, patterns: Patterns): SQL {
  return sql`case when ${exact} then 0
    when ${text} like ${patterns.starts} or ${text} like ${patterns.wordStarts} then 1 else 2 end`;
}

const sellerCondition = (column: SQLWrapper, sellers: number[] | 'all') =>
  sellers === 'all'
    ? sql``
    : sql` and ${column} in (${sql.join(
        (sellers.length ? sellers : [-1]).map((id) => sql`${id}`),
        sql`, `,
      )})`;

async function searchClients(db: Db, patterns: Patterns, sellers: number[] | 'all') {
  const exact = sql`(${searchText(clientes.nombre)} = ${patterns.folded}
    or lower(${clientes.cedula}) = ${patterns.folded}
    or ${clientes.telefono} = ${patterns.folded} or ${clientes.celular} = ${patterns.folded})`;
  const result = await db.execute(sql`
    select id, nombre, cedula, telefono, celular from (
      select ${clientes.id} as id, ${clientes.nombre} as nombre, ${clientes.cedula} as cedula,
        ${clientes.telefono} as telefono, ${clientes.celular} as celular, ${rank(clientText, exact, patterns)} as rango
      from ${clientes}
      where ${matches(clientText, patterns)}${sellerCondition(clientes.vendedorId, sellers)}
      limit ${CANDIDATES}
    ) candidatos
    order by rango, nombre, id
    limit ${SEARCH_GROUP_LIMIT}`);
  return rowsOf<SearchClient>(result);
}

/**
 * Requests (`contracts` false: estado solicitud or caducada) or contracts by their number, or because they are the
 * found clients': typing a client's cédula also lists their requests and contracts.
 */
async function searchRequests(
  db: Db,
  args: { patterns: Patterns; sellers: number[] | 'all'; clientIds: number[]; contracts: boolean },
) {
  const { patterns } = args;
  const exact = sql`(lower(${solicitudes.numeroSolicitud}) = ${patterns.folded}
    or lower(${solicitudes.numeroContrato}) = ${patterns.folded})`;
  const ofClients = args.clientIds.length
    ? sql` or ${solicitudes.clienteId} in (${sql.join(
        args.clientIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const state = args.contracts
    ? sql`${solicitudes.estado} = 'contrato'`
    : sql`${solicitudes.estado} <> 'contrato'`;
  const result = await db.execute(sql`
    select s.id, s.numero_solicitud, s.numero_contrato, s.estado, s.tipo_servicio,
      c.nombre as cliente_nombre, c.cedula as cliente_cedula
    from (
      select ${solicitudes.id} as id, ${solicitudes.numeroSolicitud} as numero_solicitud,
        ${solicitudes.numeroContrato} as numero_contrato, ${solicitudes.estado} as estado,
        ${solicitudes.tipoServicio} as tipo_servicio, ${solicitudes.clienteId} as cliente_id,
        ${solicitudes.fechaCreacion} as fecha_creacion, ${rank(requestText, exact, patterns)} as rango
      from ${solicitudes}
      where (${matches(requestText, patterns)}${ofClients}) and ${state}${sellerCondition(solicitudes.vendedorId, args.sellers)}
      limit ${CANDIDATES}
    ) s
    join ${clientes} c on c.id = s.cliente_id
    order by s.rango, s.fecha_creacion desc, s.id desc
    limit ${SEARCH_GROUP_LIMIT}`);
  return rowsOf<SearchRequest>(result);
}

async function searchPlots(db: Db, patterns: Patterns) {
  const exact = sql`${plotText} = ${patterns.folded}`;
  const result = await db.execute(sql`
    select id, codigo, puestos, disponible from (
      select ${parcelas.id} as id, ${parcelas.codigo} as codigo, ${parcelas.puestos} as puestos,
        ${parcelas.disponible} as disponible, ${rank(plotText, exact, patterns)} as rango
      from ${parcelas}
      where ${matches(plotText, patterns)}
      limit ${CANDIDATES}
    ) candidatos
    order by rango, codigo, id
    limit ${SEARCH_GROUP_LIMIT}`);
  return rowsOf<SearchPlot>(result);
}

async function searchNiches(db: Db, patterns: Patterns) {
  const exact = sql`${nicheText} = ${patterns.folded}`;
  const result = await db.execute(sql`
    select id, codigo, estado, capilla from (
      select ${nichosColumbario.id} as id, ${nichosColumbario.codigo} as codigo,
        ${nichosColumbario.estado} as estado, ${nichosColumbario.capilla} as capilla,
        ${rank(nicheText, exact, patterns)} as rango
      from ${nichosColumbario}
      where ${matches(nicheText, patterns)}
      limit ${CANDIDATES}
    ) candidatos
    order by rango, codigo, id
    limit ${SEARCH_GROUP_LIMIT}`);
  return rowsOf<SearchNiche>(result);
}

const NOTHING: SearchResponse = { clientes: [], solicitudes: [], contratos: [], parcelas: [], nichos: [] };

/**
 * GET /api/v1/buscar: clients, requests and contracts within the actor's reach (lib/seller-scope.ts: a seller their
 * own, a supervisor their team's, the office everyone's); plots and niches, which every role looks up by code.
 * A text with no letter or digit (only `%`, say) matches no name, number or code: nothing is asked.
 */
export async function searchEverything({
  db,
  actor,
  q,
}: {
  db: Db;
  actor: SessionUser;
  q: string;
}): Promise<SearchResponse> {
  const patterns = patternsOf(q);
  if (!/[\p{L}\p{N}]/u.test(patterns.folded)) return NOTHING;
  const sellers = await reachableSellerIds(db, actor);
  const [clients, plots, niches] = await Promise.all([
    searchClients(db, patterns, sellers),
    searchPlots(db, patterns),
    searchNiches(db, patterns),
  ]);
  const clientIds = clients.map((client) => client.id);
  const [requests, contracts] = await Promise.all([
    searchRequests(db, { patterns, sellers, clientIds, contracts: false }),
    searchRequests(db, { patterns, sellers, clientIds, contracts: true }),
  ]);
  return { clientes: clients, solicitudes: requests, contratos: contracts, parcelas: plots, nichos: niches };
}
