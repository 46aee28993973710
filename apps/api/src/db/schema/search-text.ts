import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// Issue 15 global search (docs/decisions/028-global-search.md): what a row is searched by is one text per table,
// lower-cased with the Spanish accents folded by busqueda_normalizar() (migration 0008), under a trigram index. A
// query must write the very same expression as its index, or PostgreSQL does not use it: both are built here. The
// lists search through these indexes; the global search reads the same texts from the search tables of migration
// 0010, whose busqueda_de_* functions must join the same fields in the same order.

// The function's translate(lower(texto), FOLD_FROM, FOLD_TO), mirrored for the text searched for. Upper case too:
// lower() leaves 'Á' as it is under the C locale (PGlite's).
const FOLD_FROM = 'áàâäéèêëíìîïóòôöúùûüñçÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇ';
const FOLD_TO = 'aaaaeeeeiiiioooouuuuncaaaaeeeeiiiioooouuuunc';

/** The same folding in JavaScript, for the text searched for. */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) {
    const at = FOLD_FROM.indexOf(char);
    folded += at < 0 ? char : FOLD_TO[at];
  }
  return folded;
}

/**
 * The searchable text of a row: its fields joined by a space (so each starts a word) and folded. Nullable fields
 * must come wrapped in `coalesce(…, '')`, or one null empties the whole text.
 */
export function searchText(...fields: (SQLWrapper | SQL)[]): SQL {
  const joined = sql.join(
    fields.map((field) => sql`${field}`),
    sql.raw(` || ' ' || `),
  );
  return sql`busqueda_normalizar(${joined})`;
}

/** `coalesce(field, '')`: a nullable field of a search text. */
export const orEmpty = (field: SQLWrapper) => sql`coalesce(${field}, '')`;
