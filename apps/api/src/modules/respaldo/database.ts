import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { BACKUP_MESSAGES, BackupError, type Manifest } from './manifest';
import {
  appliedMigrations,
  countRows,
  listSequences,
  listTables,
  quoteIdent,
  type TableInfo,
} from './tables';

const ROWS_PER_BATCH = 2_000;
const BYTES_PER_BATCH = 4 * 1024 * 1024;

/**
 * Tables that hold what people entered: a target with rows in any of them is not empty. What migrations and
 * start-up write (the catalogue and its audit row, the summary row) is not counted: the archive's replaces it.
 */
export const WORK_TABLES = ['usuarios', 'clientes', 'solicitudes', 'pagos', 'archivos'];

export type DatabaseDump = Pick<Manifest, 'migraciones' | 'tablas' | 'secuencias'>;

/**
 * Writes every table of the public schema as JSON lines (`db/<table>.jsonl`, one `to_jsonb` object a row, in key
 * order) and reads the sequences, all in one read-only repeatable-read transaction: one consistent snapshot while
 * the server keeps writing. On PGlite that transaction is one turn of the single connection (decision 026).
 */
export async function dumpDatabase(db: Db, folder: string): Promise<DatabaseDump> {
  await mkdir(path.join(folder, 'db'), { recursive: true });
  return db.transaction(
    async (tx) => {
      const migraciones = await appliedMigrations(tx);
      const tablas: DatabaseDump['tablas'] = [];
      for (const table of await listTables(tx)) {
        tablas.push(await dumpTable(tx, table, path.join(folder, 'db', `${table.name}.jsonl`)));
      }
      const secuencias = (await listSequences(tx)).map((s) => ({
        nombre: s.name,
        valor: s.value,
        usada: s.isCalled,
      }));
      return { migraciones, tablas, secuencias };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function dumpTable(tx: Db, table: TableInfo, file: string): Promise<DatabaseDump['tablas'][number]> {
  const handle = await open(file, 'w', 0o600);
  const hash = createHash('sha256');
  let filas = 0;
  try {
    const name = quoteIdent(table.name);
    const order = table.key.map((column) => `t.${quoteIdent(column)}`).join(', ');
    let last: string | undefined;
    for (;;) {
      // Keyset pages: the next batch starts after the last row's key, read back from that row's own JSON.
      const after =
        last === undefined || table.key.length === 0
          ? sql``
          : sql`where (${sql.raw(order)}) > (select ${sql.raw(
              table.key.map((column) => `p.${quoteIdent(column)}`).join(', '),
            )} from jsonb_populate_record(null::${sql.raw(name)}, ${last}::jsonb) p)`;
      const rows = rowsOf<{ j: string }>(
        await tx.execute(
          sql`select to_jsonb(t)::text as j from ${sql.raw(name)} t ${after} ${
            table.key.length > 0 ? sql.raw(`order by ${order} limit ${ROWS_PER_BATCH}`) : sql``
          }`,
        ),
      );
      if (rows.length === 0) break;
      const text = rows.map((row) => row.j).join('\n') + '\n';
      hash.update(text);
      await handle.write(text);
      filas += rows.length;
      last = rows.at(-1)!.j;
      if (table.key.length === 0 || rows.length < ROWS_PER_BATCH) break;
    }
  } finally {
    await handle.close();
  }
  return { nombre: table.name, columnas: table.columns, filas, sha256: hash.digest('hex') };
}

/** SHA-256 of a file, streamed. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The work tables with rows (empty list: the database may receive a restore). */
export async function nonEmptyTables(db: Db): Promise<string[]> {
  const present = new Set((await listTables(db)).map((table) => table.name));
  const found: string[] = [];
  for (const table of WORK_TABLES) {
    if (present.has(table) && (await countRows(db, table)) > 0) found.push(table);
  }
  return found;
}

/**
 * Loads a dump into a freshly migrated database, in one transaction: refuses a target with work rows, empties the
 * rest (catalogue and summary rows written by migrations and start-up), loads every table in the archive's order
 * with the summary triggers off (the archive's summary rows are loaded as they are: counting the base rows again
 * would double them, decision 016), sets the sequences and compares every table's count before committing.
 */
export async function loadDatabase(db: Db, folder: string, dump: DatabaseDump): Promise<void> {
  const targetMigrations = await appliedMigrations(db);
  if (
    targetMigrations.length !== dump.migraciones.length ||
    targetMigrations.some((hash, i) => hash !== dump.migraciones[i])
  )
    throw new BackupError(
      BACKUP_MESSAGES.migracionesDistintas(dump.migraciones.length, targetMigrations.length),
    );
  const tables = await listTables(db);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const differing = [
    ...dump.tablas
      .filter((t) => {
        const target = byName.get(t.nombre);
        return !target || target.columns.join(',') !== t.columnas.join(',');
      })
      .map((t) => t.nombre),
    ...tables.filter((t) => !dump.tablas.some((d) => d.nombre === t.name)).map((t) => t.name),
  ];
  if (differing.length > 0) throw new BackupError(BACKUP_MESSAGES.tablasDistintas(differing));

  await db.transaction(async (tx) => {
    const busy = await nonEmptyTables(tx);
    if (busy.length > 0) throw new BackupError(BACKUP_MESSAGES.baseNoVacia(busy));
    const all = tables.map((table) => quoteIdent(table.name));
    // DISABLE TRIGGER USER needs only ownership of the tables (not superuser): foreign keys stay checked.
    for (const name of all) await tx.execute(sql.raw(`alter table ${name} disable trigger user`));
    await tx.execute(sql.raw(`truncate ${all.join(', ')}`));
    for (const table of dump.tablas) {
      await loadTable(tx, byName.get(table.nombre)!, path.join(folder, 'db', `${table.nombre}.jsonl`));
    }
    for (const name of all) await tx.execute(sql.raw(`alter table ${name} enable trigger user`));
    for (const sequence of dump.secuencias) {
      await tx.execute(
        sql`select setval(${`public.${quoteIdent(sequence.nombre)}`}::regclass, ${sequence.valor}::bigint, ${sequence.usada})`,
      );
    }
    for (const table of dump.tablas) {
      const actual = await countRows(tx, table.nombre);
      if (actual !== table.filas)
        throw new BackupError(BACKUP_MESSAGES.filasDistintas(table.nombre, table.filas, actual));
    }
  });
}

/** Batches of a table's JSON lines, each a JSON array text. */
async function* batchesOf(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let batch: string[] = [];
  let bytes = 0;
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= ROWS_PER_BATCH || bytes >= BYTES_PER_BATCH) {
      yield `[${batch.join(',')}]`;
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) yield `[${batch.join(',')}]`;
}

async function loadTable(tx: Db, table: TableInfo, file: string): Promise<void> {
  const name = quoteIdent(table.name);
  const list = table.columns.map(quoteIdent).join(', ');
  // A column referencing its own table is loaded empty, then set once every row is there.
  const values = table.columns
    .map((column) => (table.selfReferences.includes(column) ? 'null' : `r.${quoteIdent(column)}`))
    .join(', ');
  for await (const batch of batchesOf(file)) {
    await tx.execute(
      sql`insert into ${sql.raw(name)} (${sql.raw(list)}) overriding system value
          select ${sql.raw(values)} from jsonb_populate_recordset(null::${sql.raw(name)}, ${batch}::jsonb) r`,
    );
  }
  if (table.selfReferences.length === 0) return;
  const assignments = table.selfReferences
    .map((column) => `${quoteIdent(column)} = r.${quoteIdent(column)}`)
    .join(', ');
  const match = table.key.map((column) => `t.${quoteIdent(column)} = r.${quoteIdent(column)}`).join(' and ');
  for await (const batch of batchesOf(file)) {
    await tx.execute(
      sql`update ${sql.raw(name)} t set ${sql.raw(assignments)}
          from jsonb_populate_recordset(null::${sql.raw(name)}, ${batch}::jsonb) r where ${sql.raw(match)}`,
    );
  }
}

/** Row counts of every table of the public schema (the round-trip test compares them). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) counts[table.name] = await countRows(db, table.name);
  return counts;
}
