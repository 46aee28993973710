import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_GROUP_LIMIT, type SearchResponse } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { foldForSearch } from '../../db/schema/search-text';
import type { SessionUser } from '../../lib/actor';
import { preparedRows } from '../../lib/prepared-once';
import { reachableSellerIds } from '../../lib/seller-scope';

// Issue 15 global search (docs/decisions/028-global-search.md), in one statement on the search tables of migration
// 0010 (busqueda_clientes, _solicitudes, _parcelas, _nichos: each row's folded text, kept by triggers). Each group
// takes the first CANDIDATES matching rows its trigram index finds (for two letters, the B-tree of word prefixes of
// migration 0021), ranks them (a whole field equal to the text, then a word starting with it, then any other part)
// and answers the best SEARCH_GROUP_LIMIT. The cap keeps a text found in thousands of rows ('mar') as cheap as a
// rare one; a number or a code typed in full is always among the candidates, since few rows contain it.

// Written into the statement rather than sent: its plan, made once for any text, knows how few rows each part wants.
const CANDIDATES = sql.raw('200');
const GROUP_LIMIT = sql.raw(String(SEARCH_GROUP_LIMIT));

/** `%`, `_` and `\` are LIKE's wildcards and escape: searched for as they are. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

type Patterns = { folded: string; contains: string; starts: string; wordStarts: string };

/** The LIKE patterns of a text already checked by searchQuerySchema. */
function patternsOf(q: string): Patterns {
  const folded = foldForSearch(q);
  const escaped = escapeLike(folded);
  return { folded, contains: `%${escaped}%`, starts: `${escaped}%`, wordStarts: `% ${escaped}%` };
}

// The statement's values, sent as parameters: it is prepared once per database and variant (searchStatement).
const folded = sql.placeholder('folded');
const contains = sql.placeholder('contains');
const starts = sql.placeholder('starts');
const wordStarts = sql.placeholder('wordStarts');
const sellers = sql.placeholder('sellers');

/**
 * How a text is looked for. Three characters or more (`texto`): anywhere in a row's text, through its trigram
 * index. Two characters make no trigram inside a word, so a text that short (`prefijo`) is looked for at the start
 * of a word instead (a name's first letters), in the table of every word's first two (migration 0021, decision
 * 055), whose B-tree stops at the 200th candidate. searchQuerySchema counts characters, not UTF-16 units, and
 * wants two: a text of fewer than three units is two characters.
 */
type Matching = 'texto' | 'prefijo';

/** Everyone's rows (no seller condition), or those of the sellers within the actor's reach. */
type Variant = { matching: Matching; isEveryone: boolean };

/** 0 when a field equals the text, 1 when a word starts with it, 2 otherwise. */
const rank = sql`case when ${folded} = any(b.exactos) then 0
    when b.texto like ${starts} or b.texto like ${wordStarts} then 1 else 2 end`;

/** Clients and requests within the actor's reach (everyone's: no condition), by the table aliased `alias`. */
const sellerCondition = ({ isEveryone }: Variant, alias: 'b' | 'p' = 'b') =>
  isEveryone ? sql`` : sql` and ${sql.raw(alias)}.vendedor_id = any(${sellers}::int[])`;

/**
 * A search table (migration 0010) and a group of its rows: its prefixes' `grupo` (migration 0021), the columns the
 * group is ordered by, the condition that makes the group within the table (`contrato`: a request's or a
 * contract's; the prefixes' `grupo` holds it already) and whether the seller scope applies.
 */
type Group = { table: string; grupo: string; columns: string; within?: SQL; isScoped: boolean };

/** A group's candidates: the first CANDIDATES rows of its search table whose text matches, with their rank. */
function candidates(variant: Variant, { table, grupo, columns, within = sql``, isScoped }: Group): SQL {
  const scope = (alias: 'b' | 'p') => (isScoped ? sellerCondition(variant, alias) : sql``);
  if (variant.matching === 'prefijo') {
    // The ids first, read in the B-tree's order and left at the CANDIDATES-th (migration 0021 makes every prefix
    // look common, so that the plan reads no other way), then their rows by primary key: joined instead,
    // PostgreSQL may read the whole search table to hash it.
    return sql`
      select b.id, ${sql.raw(columns)}, ${rank} as rango from ${sql.raw(table)} b
      where b.id = any(array(
        select p.id from busqueda_prefijos p
        where p.grupo = '${sql.raw(grupo)}' and p.prefijo = ${folded}${scope('p')}
        order by p.vendedor_id, p.id limit ${CANDIDATES}))`;
  }
  return sql`
    select b.id, ${sql.raw(columns)}, ${rank} as rango from ${sql.raw(table)} b
    where b.texto like ${contains}${within}${scope('b')}
    limit ${CANDIDATES}`;
}

/**
 * Requests (`isContract` false: estado solicitud or caducada) or contracts by their number, or because they are the
 * found clients': typing a client's cédula also lists their requests and contracts. Newest first within a rank.
 * The clients' requests are a second branch, not an `or`: with an `or` PostgreSQL read the whole table.
 */
function requestGroup(variant: Variant, isContract: boolean): SQL {
  const within = sql` and b.contrato = ${sql.raw(String(isContract))}`;
  const group: Group = {
    table: 'busqueda_solicitudes',
    grupo: isContract ? 'contrato' : 'solicitud',
    columns: 'b.fecha_creacion',
    within,
    isScoped: true,
  };
  return sql`(select coalesce(json_agg(json_build_object('id', s.id, 'numero_solicitud', s.numero_solicitud,
      'numero_contrato', s.numero_contrato, 'estado', s.estado, 'tipo_servicio', s.tipo_servicio,
      'cliente_nombre', c.nombre, 'cliente_cedula', c.cedula) order by h.rango, h.fecha_creacion desc, h.id desc), '[]')
    from (
      select * from (
        (${candidates(variant, group)})
        union
        (select b.id, b.fecha_creacion, ${rank} from busqueda_solicitudes b
        where b.cliente_id in (select id from clientes_hallados)${within}${sellerCondition(variant)})
      ) candidatas
      order by rango, fecha_creacion desc, id desc limit ${GROUP_LIMIT}
    ) h
    join solicitudes s on s.id = h.id join clientes c on c.id = s.cliente_id)`;
}

/** A plot's or a niche's group: by code. */
function codeGroup(variant: Variant, kind: 'parcelas' | 'nichos', fields: SQL): SQL {
  const table = sql.raw(kind === 'parcelas' ? 'parcelas' : 'nichos_columbario');
  const group: Group = {
    table: `busqueda_${kind}`,
    grupo: kind === 'parcelas' ? 'parcela' : 'nicho',
    columns: 'b.codigo',
    isScoped: false,
  };
  return sql`(select coalesce(json_agg(json_build_object(${fields}) order by h.rango, h.codigo, h.id), '[]')
    from (
      select * from (${candidates(variant, group)}) candidatos
      order by rango, codigo, id limit ${GROUP_LIMIT}
    ) h
    join ${table} t on t.id = h.id)`;
}

/**
 * The search in one statement, prepared once per database and variant (lib/prepared-once.ts), so PostgreSQL plans
 * it once: on PGlite, planning it for each call cost as much as running it (decision 054). Its generic plan reads
 * each group's trigram index, or for two letters the prefixes' B-tree (decision 055), whatever the text.
 */
function searchStatement(db: Db, variant: Variant) {
  const clients: Group = {
    table: 'busqueda_clientes',
    grupo: 'cliente',
    columns: 'b.nombre',
    isScoped: true,
  };
  const name = `buscar_${variant.isEveryone ? 'todo' : 'vendedores'}_${variant.matching}`;
  return preparedRows<SearchResponse>(
    db,
    name,
    () => sql`
    with clientes_hallados as (
      select * from (${candidates(variant, clients)}) candidatos
      order by rango, nombre, id limit ${GROUP_LIMIT}
    )
    select
      (select coalesce(json_agg(json_build_object('id', c.id, 'nombre', c.nombre, 'cedula', c.cedula,
          'telefono', c.telefono, 'celular', c.celular) order by h.rango, h.nombre, h.id), '[]')
        from clientes_hallados h join clientes c on c.id = h.id) as clientes,
      ${requestGroup(variant, false)} as solicitudes,
      ${requestGroup(variant, true)} as contratos,
      ${codeGroup(variant, 'parcelas', sql`'id', t.id, 'codigo', t.codigo, 'puestos', t.puestos, 'disponible', t.disponible`)} as parcelas,
      ${codeGroup(variant, 'nichos', sql`'id', t.id, 'codigo', t.codigo, 'estado', t.estado, 'capilla', t.capilla`)} as nichos`,
  );
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
  const reach = await reachableSellerIds(db, actor);
  const isEveryone = reach === 'all';
  const statement = searchStatement(db, {
    matching: patterns.folded.length < 3 ? 'prefijo' : 'texto',
    isEveryone,
  });
  const [answer] = await statement.execute({ ...patterns, sellers: isEveryone ? [] : reach });
  return answer!;
}
