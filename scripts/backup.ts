// `npm run backup -- --out FILE [--url URL]`: one .tar.gz with the database, the uploaded files and manifest.json
// (docs/deploy.md, decision 026). PostgreSQL is read directly; an embedded database is read directly when no
// server runs on DATA_DIR, else through the running server's GET /api/v1/admin/respaldo, signing in as the
// administrator RESPALDO_USUARIO with RESPALDO_CLAVE.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { backupCommand } from '../apps/api/src/modules/respaldo/commands';
import { argumentsOf, megabytes, run } from './respaldo-cli';

const USAGE = 'npm run backup -- --out respaldo.tar.gz [--url http://127.0.0.1:8000]';
const { values } = argumentsOf({ out: { type: 'string' }, url: { type: 'string' } }, USAGE);
if (!values.out) {
  console.error(`Falta --out.\nUso: ${USAGE}`);
  process.exit(2);
}
const out = path.resolve(values.out);

await run(async ({ config, storage }) => {
  const result = await backupCommand(
    { dataDir: config.dataDir, databaseUrl: config.databaseUrl, storage },
    out,
    {
      url: values.url ?? `http://127.0.0.1:${config.port}`,
      username: process.env.RESPALDO_USUARIO,
      password: process.env.RESPALDO_CLAVE,
    },
  );
  const size = megabytes((await stat(out)).size);
  if (result.manifest) {
    const rows = result.manifest.tablas.reduce((sum, table) => sum + table.filas, 0);
    console.info(
      `Respaldo escrito en ${out} (${size}): ${result.manifest.tablas.length} tablas, ${rows} filas, ` +
        `${result.manifest.archivos.length} archivos (${result.manifest.motor}).`,
    );
  } else {
    console.info(`Respaldo escrito en ${out} (${size}), pedido al servidor en marcha.`);
  }
});
