import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import {
  COMPANY_MESSAGES,
  LOGO_TYPES,
  MSG,
  type CompanySettings,
  type CompanySettingsValues,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { archivos, empresa } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';
import { checkFile, discardStoredFiles, recordFile, withStoredFiles } from '../../lib/documents';
import type { UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage';
import { loadPdfKit } from '../pdf/render';

// Issue 14 §1 Empresa: the one-row letterhead (id = 1, created by migration 0006), docs/decisions/021.

const LOGO_LOCK_KEY = 724_321;
export const LOGO_URL = '/api/v1/admin/empresa/logo';

type CompanyRow = typeof empresa.$inferSelect;
type FileRow = typeof archivos.$inferSelect;

/** The row, created when missing (a database restored without it still answers). */
export async function companyRow(db: Db): Promise<CompanyRow> {
  const [row] = await db.select().from(empresa).where(eq(empresa.id, 1));
  if (row) return row;
  await db.insert(empresa).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(empresa).where(eq(empresa.id, 1));
  return created!;
}

function toDto(row: CompanyRow, logo: FileRow | undefined): CompanySettings {
  return {
    nombre: row.nombre,
    rif: row.rif,
    direccion: row.direccion,
    telefonos: row.telefonos,
    email: row.email,
    clausulas: row.clausulas,
    dias_recordatorio: row.diasRecordatorio,
    logo: logo
      ? { id: logo.id, nombre: logo.nombreOriginal, tipo: logo.tipoMime, tamano: logo.tamano, url: LOGO_URL }
      : null,
    updated_at: row.updatedAt?.toISOString() ?? null,
  };
}

async function logoRow(db: Db, row: CompanyRow): Promise<FileRow | undefined> {
  if (!row.logoArchivoId) return undefined;
  const [file] = await db.select().from(archivos).where(eq(archivos.id, row.logoArchivoId));
  return file;
}

/** GET /api/v1/admin/empresa. */
export async function getCompany({ db }: { db: Db }): Promise<CompanySettings> {
  const row = await companyRow(db);
  return toDto(row, await logoRow(db, row));
}

const FIELD_LABELS: Record<keyof CompanySettingsValues, string> = {
  nombre: 'nombre',
  rif: 'RIF',
  direccion: 'dirección',
  telefonos: 'teléfonos',
  email: 'correo',
  clausulas: 'cláusulas',
  dias_recordatorio: 'días de aviso',
};

/** PUT /api/v1/admin/empresa: every field but the logo; audited with the names of the fields changed. */
export async function updateCompany({
  db,
  actor,
  values,
}: {
  db: Db;
  actor: Actor;
  values: CompanySettingsValues;
}): Promise<CompanySettings> {
  return db.transaction(async (tx) => {
    const before = await companyRow(tx);
    const [row] = await tx
      .update(empresa)
      .set({
        nombre: values.nombre,
        rif: values.rif,
        direccion: values.direccion,
        telefonos: values.telefonos,
        email: values.email,
        clausulas: values.clausulas,
        diasRecordatorio: values.dias_recordatorio,
        updatedAt: new Date(),
      })
      .where(eq(empresa.id, 1))
      .returning();
    const changed = (Object.keys(FIELD_LABELS) as (keyof CompanySettingsValues)[]).filter((key) => {
      const previous = key === 'dias_recordatorio' ? before.diasRecordatorio : before[key];
      return previous !== values[key];
    });
    await audit(tx, actor, {
      accion: 'actualizar_empresa',
      descripcion: changed.length
        ? `Datos de la empresa actualizados: ${changed.map((key) => FIELD_LABELS[key]).join(', ')}`
        : 'Datos de la empresa guardados sin cambios',
      entidad: 'empresa',
      entidadId: 1,
    });
    return toDto(row!, await logoRow(tx, row!));
  });
}

/** pdfkit embeds PNG and JPEG only: the image is opened as a PDF would open it, so a logo never breaks a PDF. */
async function assertEmbeddable(path: string) {
  const PDFDocument = await loadPdfKit();
  try {
    const doc = new PDFDocument({ autoFirstPage: false }) as unknown as {
      openImage(source: Buffer): unknown;
    };
    doc.openImage(await readFile(path));
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MSG.imagenIlegible);
  }
}

/** POST /api/v1/admin/empresa/logo (multipart, field `logo`): replaces the logo; the old file goes after commit. */
export async function saveLogo({
  db,
  storage,
  files,
  actor,
}: {
  db: Db;
  storage: FileStorage;
  files: UploadedFile[];
  actor: Actor;
}): Promise<CompanySettings> {
  const file = files.find((item) => item.field === 'logo');
  if (!file) throw badRequest(COMPANY_MESSAGES.logoRequerido);
  const checked = checkFile(file, ['image'], COMPANY_MESSAGES.logoTipoInvalido);
  if (!(LOGO_TYPES as readonly string[]).includes(checked.type.mime))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', COMPANY_MESSAGES.logoTipoInvalido);
  await assertEmbeddable(file.path);
  const { dto, previous } = await withStoredFiles(storage, 'logos', [checked], ([stored]) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOGO_LOCK_KEY})`);
      const row = await companyRow(tx);
      const old = await logoRow(tx, row);
      await recordFile(tx, stored!, file, 'logo', actor.id ?? null);
      const [updated] = await tx
        .update(empresa)
        .set({ logoArchivoId: stored!.id, updatedAt: new Date() })
        .where(eq(empresa.id, 1))
        .returning();
      if (old) await tx.delete(archivos).where(eq(archivos.id, old.id));
      await audit(tx, actor, {
        accion: 'actualizar_logo_empresa',
        descripcion: `Logo de la empresa actualizado (${stored!.mime}, ${stored!.size} bytes)`,
        entidad: 'empresa',
        entidadId: 1,
      });
      return { dto: toDto(updated!, await logoRow(tx, updated!)), previous: old };
    }),
  );
  if (previous) await discardStoredFiles(storage, [previous.rutaAlmacenada]);
  return dto;
}

/** DELETE /api/v1/admin/empresa/logo. */
export async function deleteLogo({
  db,
  storage,
  actor,
}: {
  db: Db;
  storage: FileStorage;
  actor: Actor;
}): Promise<CompanySettings> {
  const { dto, previous } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOGO_LOCK_KEY})`);
    const row = await companyRow(tx);
    const old = await logoRow(tx, row);
    if (!old) throw notFound(COMPANY_MESSAGES.sinLogo);
    const [updated] = await tx
      .update(empresa)
      .set({ logoArchivoId: null, updatedAt: new Date() })
      .where(eq(empresa.id, 1))
      .returning();
    await tx.delete(archivos).where(eq(archivos.id, old.id));
    await audit(tx, actor, {
      accion: 'eliminar_logo_empresa',
      descripcion: 'Logo de la empresa eliminado',
      entidad: 'empresa',
      entidadId: 1,
    });
    return { dto: toDto(updated!, undefined), previous: old };
  });
  await discardStoredFiles(storage, [previous.rutaAlmacenada]);
  return dto;
}

/** The logo's stored file (GET …/empresa/logo), 404 when there is none. */
export async function companyLogoFile({ db }: { db: Db }): Promise<FileRow> {
  const row = await companyRow(db);
  const file = await logoRow(db, row);
  if (!file) throw notFound(COMPANY_MESSAGES.sinLogo);
  return file;
}
