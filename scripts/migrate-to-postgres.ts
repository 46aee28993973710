// `npm run migrate-to-postgres -- --database-url URL [--storage-url URL]`: copies the embedded installation of
// DATA_DIR (rows, summaries, sequences) into an empty PostgreSQL database. The files stay where they are (the
// server started with DATABASE_URL and the same DATA_DIR reads them) unless --storage-url names another, empty
// store (an S3 bucket) to copy them into. The server must be stopped (docs/deploy.md, decision 026).
import { createStorage } from '../apps/api/src/lib/create-storage';
import { parseStorageUrl } from '../apps/api/src/lib/storage-url';
import { BackupError } from '../apps/api/src/modules/respaldo/manifest';
import { migrateToPostgres } from '../apps/api/src/modules/respaldo/commands';
import { argumentsOf, run } from './respaldo-cli';

const USAGE =
  'npm run migrate-to-postgres -- --database-url postgres://usuario@servidor/base [--storage-url s3://…]';
const { values } = argumentsOf(
  { 'database-url': { type: 'string' }, 'storage-url': { type: 'string' } },
  USAGE,
);
const databaseUrl = values['database-url'];
if (!databaseUrl) {
  console.error(`Falta --database-url.\nUso: ${USAGE}`);
  process.exit(2);
}

await run(async ({ config, storage }) => {
  let uploadsTo;
  if (values['storage-url']) {
    const target = parseStorageUrl(values['storage-url'], {
      accessKeyId: process.env.S3_ACCESS_KEY_ID,
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY,
    });
    if ('error' in target) throw new BackupError(target.error);
    uploadsTo = await createStorage(target, config.dataDir);
  }
  try {
    const manifest = await migrateToPostgres({ dataDir: config.dataDir, databaseUrl, storage, uploadsTo });
    const rows = manifest.tablas.reduce((sum, table) => sum + table.filas, 0);
    console.info(
      `Copiadas ${rows} filas de ${manifest.tablas.length} tablas de ${config.dataDir} a PostgreSQL; ` +
        `${manifest.archivos.length} archivos ${uploadsTo ? 'copiados y ' : ''}verificados. ` +
        'Arranque el servidor con DATABASE_URL (y el mismo DATA_DIR' +
        (uploadsTo ? ' y la nueva STORAGE_URL).' : ').'),
    );
  } finally {
    await uploadsTo?.close();
  }
});
