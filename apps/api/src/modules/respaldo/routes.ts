import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@camposanto/domain';
import { audit } from '../../lib/audit';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { stagingFolder, writeBackup } from './archive';
import { engineOf } from './tables';

export const BACKUP_CONTENT_TYPE = 'application/gzip';

/**
 * Issue 16 (decision 026): the whole installation as one archive, for `npm run backup` against a running embedded
 * server (PGlite belongs to the server's process) or for an administrator's download. Administración only.
 */
export async function respaldoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/admin/respaldo',
    {
      onRequest: requireRoles(app, 'administrador'),
      schema: {
        tags: ['Administración'],
        summary:
          'Respaldo completo (.tar.gz): base de datos, archivos subidos y manifest.json con conteos y sha256',
        response: { 200: z.any().describe(BACKUP_CONTENT_TYPE), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const actor = sessionOf(request);
      await audit(app.db, actor, {
        accion: 'descargar_respaldo',
        descripcion: 'Respaldo completo descargado (base de datos y archivos)',
        entidad: 'respaldo',
      });
      const folder = await stagingFolder(app.config.dataDir);
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
      const filename = `camposanto-respaldo-${stamp}.tar.gz`;
      const file = path.join(folder, filename);
      const cleanUp = () => void rm(folder, { recursive: true, force: true });
      try {
        await writeBackup({ db: app.db, driver: await engineOf(app.db), storage: app.storage }, file);
      } catch (error) {
        cleanUp();
        throw error;
      }
      const stream = createReadStream(file);
      stream.once('close', cleanUp);
      return reply
        .header('content-type', BACKUP_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
