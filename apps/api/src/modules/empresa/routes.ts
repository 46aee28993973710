import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companySettingsInputSchema,
  companySettingsSchema,
  errorBodySchema,
  LOGO_MAX_BYTES,
} from '@camposanto/domain';
import { sendStoredFile } from '../../lib/documents';
import { readMultipart } from '../../lib/multipart';
import { requireRoles, sessionOf } from '../../plugins/auth';
import { companyLogoFile, deleteLogo, getCompany, saveLogo, updateCompany } from './service';

const tags = ['Empresa'];
const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

/**
 * Issue 14 §1 Empresa: the letterhead printed on every PDF and e-mail, on /administracion/configuracion.
 * Like the receiving accounts (issue 10), administración (administrador and asistente) reads and changes it.
 */
export async function empresaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const office = requireRoles(app, 'administrador', 'asistente');
  const path = '/api/v1/admin/empresa';

  r.get(
    path,
    {
      onRequest: office,
      schema: {
        tags,
        summary: 'Datos de la empresa (membrete)',
        response: { 200: companySettingsSchema, 403: errorBodySchema },
      },
    },
    () => getCompany({ db: app.db }),
  );
  r.put(
    path,
    {
      onRequest: office,
      schema: { tags, body: companySettingsInputSchema, response: { 200: companySettingsSchema, ...errors } },
    },
    (request) => updateCompany({ db: app.db, actor: sessionOf(request), values: request.body }),
  );
  r.post(
    `${path}/logo`,
    {
      onRequest: office,
      schema: {
        tags,
        summary: 'Sube el logo (multipart, campo logo: PNG o JPEG de hasta 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: companySettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, {
        maxBytes: LOGO_MAX_BYTES,
        fileFields: ['logo'],
        maxFiles: 1,
      });
      return saveLogo({ db: app.db, storage: app.storage, files, actor: sessionOf(request) });
    },
  );
  r.delete(
    `${path}/logo`,
    { onRequest: office, schema: { tags, response: { 200: companySettingsSchema, ...errors } } },
    (request) => deleteLogo({ db: app.db, storage: app.storage, actor: sessionOf(request) }),
  );
  r.get(
    `${path}/logo`,
    { onRequest: office, schema: { tags, summary: 'Descarga el logo' } },
    async (request, reply) => sendStoredFile(reply, app.storage, await companyLogoFile({ db: app.db })),
  );
}
