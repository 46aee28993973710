/**
 * PostgreSQL takes at most 65,535 parameters in one statement, so a list of ids of unbounded length (a whole
 * unpaged list of contracts) is asked in chunks; the answers are joined in the order of the chunks.
 */
export const ID_CHUNK = 10_000;

export async function inChunks<Id, Row>(
  ids: readonly Id[],
  query: (chunk: Id[]) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < ids.length; start += ID_CHUNK)
    rows.push(...(await query(ids.slice(start, start + ID_CHUNK))));
  return rows;
}
