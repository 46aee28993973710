// `npm run restore -- FILE`: a backup into an empty DATA_DIR (PGlite) or an empty PostgreSQL database
// (DATABASE_URL) and an empty store (STORAGE_URL), every table counted and every file checked by sha256
// (docs/deploy.md, decision 026). Refuses a target with data, and a DATA_DIR a server is using.
import path from 'node:path';
import { restoreCommand } from '../apps/api/src/modules/respaldo/commands';
import { argumentsOf, run } from './respaldo-cli';

const USAGE = 'npm run restore -- respaldo.tar.gz';
const { positionals } = argumentsOf({}, USAGE);
if (positionals.length !== 1) {
  console.error(`Indique un archivo de respaldo.\nUso: ${USAGE}`);
  process.exit(2);
}
const file = path.resolve(positionals[0]!);

await run(async ({ config, storage }) => {
  const manifest = await restoreCommand(
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl, storage },
    file,
  );
  const rows = manifest.tablas.reduce((sum, table) => sum + table.filas, 0);
  console.info(
    `Restaurado el respaldo del ${manifest.creado} en ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}: ` +
      `${rows} filas en ${manifest.tablas.length} tablas y ${manifest.archivos.length} archivos, verificados.`,
  );
});
