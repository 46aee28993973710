import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzleOnPglite, openDatabase, PGLITE_OPTIONS, type Database, type Db } from '../../src/db/client';

// Creating a PGlite database runs initdb and every migration (several seconds on a busy machine); loading a
// dump of an already migrated one takes a fraction of that. The dump is made once per version of the
// migrations and shared by every test file and worker through the temporary directory.

const migrationsDir = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const PREFIX = 'camposanto-pglite-migrada-';

export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsDir);
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<Blob> | undefined;

async function migratedDump(): Promise<Blob> {
  const file = path.join(tmpdir(), `${PREFIX}${migrationsHash()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet for this version of the migrations.
  }
  const fresh = await openDatabase({});
  try {
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    // Written under a unique name, then renamed: workers racing here each leave a whole file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    // Dumps of older migrations only: another worker's `.partial` of this one is still being written.
    for (const old of readdirSync(tmpdir()).filter(
      (name) => name.startsWith(PREFIX) && name.endsWith('.tar') && !file.endsWith(name),
    )) {
      rmSync(path.join(tmpdir(), old), { force: true });
    }
    return dump;
  } finally {
    await fresh.close();
  }
}

/** A new in-memory PGlite database with every migration applied, as `openDatabase({})` gives. */
export async function openMigratedPglite(): Promise<Database> {
  template ??= migratedDump();
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await template });
  // As openDatabase does, so that every API test runs through the same turns and prepared statements as the server.
  const db = drizzleOnPglite(client);
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}
