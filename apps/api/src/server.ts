import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';

// From apps/api/src (tsx) and from apps/api/dist (the compiled server) alike.
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const config = loadConfig();
  config.webDist ??= defaultWebDist;
  const isEmbedded = !config.databaseUrl;
  const releaseLock = isEmbedded ? lockDataDir(config.dataDir) : () => undefined;
  // Loading Fastify, its plugins and every route is a third of a cold start: it overlaps with opening the
  // database, which waits on disk or on the network (docs/decisions/014-compiled-server.md).
  const modules = Promise.all([import('./app'), import('./seed/catalogue'), import('./jobs/scheduler')]);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: isEmbedded ? path.join(config.dataDir, 'db') : undefined,
  });
  const [{ buildApp }, { seedCatalogue }, { startJobs }] = await modules;
  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
  });
  await seedCatalogue({ db: database.db });
  await app.storage.removeStaleTemporaries();
  if (process.argv.includes('--demo')) {
    const { seedDemo } = await import('./seed/demo');
    // Issue 15: on an installation without business data, 18 months of it (decision 029).
    const { credentials } = await seedDemo({ db: database.db, app });
    app.log.info('Usuarios de demostración (usuario / contraseña):');
    for (const line of credentials) console.info(`  ${line}`);
  }
  const stopJobs = startJobs(app);
  // The embedded database's thread failed (decision 051): no request can be served without it, so the process
  // exits for its supervisor to start it again, as it did when PGlite failed in this thread.
  void database.stopped?.then((error) => {
    app.log.fatal({ err: error }, 'the embedded database stopped');
    releaseLock();
    process.exit(1);
  });

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const jobsStopped = stopJobs();
    try {
      await app.close();
      await jobsStopped;
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Camposanto en http://localhost:${config.port} (${database.driver})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
