import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** DESIGN §5: one process serves the built web app, with the SPA fallback to index.html. */
/** Returns whether a built web app was found and is served. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: only the API is served');
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    // The build writes .br and .gz beside every text file (apps/web/vite.config.ts): served as they are to a
    // client that accepts them, with content-encoding and vary: accept-encoding; never compressed per request.
    preCompressed: true,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  return true;
}
