import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** A table of the public schema as the backup copies it (issue 16, decision 026). */
export type TableInfo = {
  name: string;
  /** Stored columns in their order (generated columns are left out: the target computes them). */
  columns: string[];
  /** Primary key columns: rows are read in this order, a batch after the last key read. */
  key: string[];
  /** Columns referencing the table itself (vendedores.supervisor_id): loaded in a second pass. */
  selfReferences: string[];
};

export type SequenceValue = { name: string; value: string; isCalled: boolean };

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table of the public schema, each after the tables its foreign keys reference, so rows load with the
 * keys checked. Ties are broken by name, so two dumps of one schema list the same order.
 */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const columns = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      select c.relname as "table", a.attname as "column"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = ''
      order by c.relname, a.attnum`),
  );
  const keys = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      select c.relname as "table", a.attname as "column"
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      cross join lateral unnest(k.conkey) with ordinality as u(attnum, position)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
      where n.nspname = 'public' and k.contype = 'p'
      order by c.relname, u.position`),
  );
  const references = rowsOf<{ table: string; referenced: string; column: string }>(
    await db.execute(sql`
      select c.relname as "table", r.relname as referenced, a.attname as "column"
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class r on r.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      cross join lateral unnest(k.conkey) as u(attnum)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
      where n.nspname = 'public' and k.contype = 'f'
      order by c.relname, r.relname, a.attname`),
  );

  const tables = new Map<string, TableInfo>();
  for (const { table, column } of columns) {
    const info = tables.get(table) ?? { name: table, columns: [], key: [], selfReferences: [] };
    info.columns.push(column);
    tables.set(table, info);
  }
  for (const { table, column } of keys) tables.get(table)?.key.push(column);
  const dependsOn = new Map<string, Set<string>>([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const { table, referenced, column } of references) {
    if (table === referenced) tables.get(table)?.selfReferences.push(column);
    else dependsOn.get(table)?.add(referenced);
  }

  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const names = [...tables.keys()].sort();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...dependsOn.get(name)!].every((other) => placed.has(other)),
    );
    if (ready.length === 0) throw new Error('foreign keys form a cycle between tables');
    for (const name of ready) {
      placed.add(name);
      ordered.push(tables.get(name)!);
    }
  }
  return ordered;
}

/** The sequences of the public schema with their current value (serial and bigserial keys). */
export async function listSequences(db: Db): Promise<SequenceValue[]> {
  // last_value is null until the sequence is first used: it is then restored as not called.
  const rows = rowsOf<{ name: string; value: string | null }>(
    await db.execute(sql`
      select sequencename as name, last_value::text as value
      from pg_sequences where schemaname = 'public' order by sequencename`),
  );
  return rows.map((row) => ({ name: row.name, value: row.value ?? '1', isCalled: row.value !== null }));
}

/** The migrations applied to the database (drizzle's journal), oldest first, by their hash. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = rowsOf<{ hash: string }>(
    await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at, id`),
  );
  return rows.map((row) => row.hash);
}

/** Rows of a table (0 when it is empty). */
export async function countRows(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql.raw(`select count(*)::int as n from ${quoteIdent(table)}`)),
  );
  return row?.n ?? 0;
}

/** Which engine answers: PGlite names itself in `version()`. */
export async function engineOf(db: Db): Promise<'pglite' | 'postgres'> {
  const [row] = rowsOf<{ version: string }>(await db.execute(sql`select version() as version`));
  return row?.version.includes('PGlite') ? 'pglite' : 'postgres';
}
