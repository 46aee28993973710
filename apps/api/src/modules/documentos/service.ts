import { and, asc, eq, inArray } from 'drizzle-orm';
import { CARE_MESSAGES, PARENTESCOS } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { archivos, clientes, familiares, solicitudes } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { checkFile, discardStoredFiles, recordFile, withStoredFiles } from '../../lib/documents';
import type { UploadedFile } from '../../lib/multipart';
import { inSellers, reachableSellerIds } from '../../lib/seller-scope';
import type { FileStorage } from '../../lib/storage';
import type { SessionUser } from '../../lib/actor';
import { normalizeCedula, reachableClient, toClientDto } from '../clientes/service';
import { reachableRequest } from '../contratos/access';
import { loadRequests, newestFirst } from '../contratos/request-dto';

const DOCUMENT_KINDS = ['image', 'pdf'] as const;

async function clientByCedula(db: Db, actor: SessionUser, cedula: string) {
  if (!cedula.trim()) throw badRequest(CARE_MESSAGES.cedulaRequerida);
  const [row] = await db
    .select({ id: clientes.id })
    .from(clientes)
    .where(eq(clientes.cedula, normalizeCedula(cedula)));
  if (!row) throw notFound(CARE_MESSAGES.clienteNoEncontrado);
  return reachableClient({ db, actor, id: row.id });
}

/**
 * The document a row holds now, read under a row lock inside the replacing transaction: of two uploads at
 * once, the second replaces the first one's file rather than the same old one, which would leave an orphan.
 */
async function lockedDocumentId(tx: Db, table: typeof clientes | typeof familiares, id: number) {
  const [row] = await tx
    .select({ documentoId: table.documentoId })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  return row?.documentoId ?? null;
}

/** Removes the files of replaced documents once the change is committed: no orphan is kept. */
async function removeReplaced(db: Db, storage: FileStorage, ids: (string | null)[]) {
  const replaced = ids.filter((id): id is string => id !== null);
  if (!replaced.length) return;
  const rows = await db
    .delete(archivos)
    .where(inArray(archivos.id, replaced))
    .returning({ ruta: archivos.rutaAlmacenada });
  await discardStoredFiles(
    storage,
    rows.map((row) => row.ruta),
  );
}

/** SPEC §7 POST /api/clientes/{cedula}/upload-documento/: the client's identity document (image or PDF). */
export async function uploadClientDocument(args: {
  db: Db;
  storage: FileStorage;
  actor: SessionUser;
  cedula: string;
  file: UploadedFile | undefined;
  nombreDocumento: string | undefined;
}) {
  const client = await clientByCedula(args.db, args.actor, args.cedula);
  if (!args.file) throw badRequest(CARE_MESSAGES.clienteYDocumento);
  const checked = checkFile(args.file, [...DOCUMENT_KINDS], CARE_MESSAGES.documentoTipo);
  const { updated, replacedId } = await withStoredFiles(args.storage, 'documentos', [checked], ([stored]) =>
    args.db.transaction(async (tx) => {
      const replacedId = await lockedDocumentId(tx, clientes, client.id);
      await recordFile(tx, stored!, checked.file, 'documento_identidad', args.actor.id);
      const [row] = await tx
        .update(clientes)
        .set({
          documentoId: stored!.id,
          nombreDocumento: (args.nombreDocumento?.trim() || checked.file.filename).slice(0, 200),
          updatedAt: new Date(),
        })
        .where(eq(clientes.id, client.id))
        .returning();
      await audit(tx, args.actor, {
        accion: 'subir_documento_cliente',
        descripcion: `Documento de identidad de ${client.nombre} (${client.cedula}) ${replacedId ? 'reemplazado' : 'subido'}`,
        entidad: 'cliente',
        entidadId: client.id,
      });
      return { updated: row!, replacedId };
    }),
  );
  await removeReplaced(args.db, args.storage, [replacedId]);
  return toClientDto(updated);
}

export async function clientDocument({ db, actor, cedula }: { db: Db; actor: SessionUser; cedula: string }) {
  const client = await clientByCedula(db, actor, cedula);
  return storedFile(db, client.documentoId);
}

async function storedFile(db: Db, id: string | null) {
  if (!id) throw notFound(CARE_MESSAGES.sinDocumento);
  const [file] = await db.select().from(archivos).where(eq(archivos.id, id));
  if (!file) throw notFound(CARE_MESSAGES.sinDocumento);
  return file;
}

/** SPEC §7 GET /api/v1/previsivos/tipo_servicio=previsivo: the pre-need requests and contracts one reaches. */
export async function listPrevisivos({ db, actor }: { db: Db; actor: SessionUser }) {
  const sellers = await reachableSellerIds(db, actor);
  return loadRequests({
    db,
    where: and(
      eq(solicitudes.tipoServicio, 'previsivo'),
      inArray(solicitudes.estado, ['solicitud', 'contrato']),
      inSellers(solicitudes.vendedorId, sellers),
    ),
    orderBy: newestFirst,
  });
}

function toRelativeDto(row: typeof familiares.$inferSelect) {
  return {
    id: row.id,
    nombre: row.nombre,
    cedula: row.cedula,
    fecha_nacimiento: row.fechaNacimiento,
    parentesco: PARENTESCOS[row.parentesco] ?? String(row.parentesco),
    precio: Number(row.precio),
    nombre_documento: row.nombreDocumento,
    tiene_documento: row.documentoId !== null,
  };
}

export async function listRelatives({
  db,
  actor,
  contractId,
}: {
  db: Db;
  actor: SessionUser;
  contractId: number;
}) {
  const request = await reachableRequest({ db, actor, id: contractId });
  if (request.tipoServicio !== 'previsivo') throw badRequest(CARE_MESSAGES.noPrevisivo);
  const rows = await db
    .select()
    .from(familiares)
    .where(eq(familiares.solicitudId, contractId))
    .orderBy(asc(familiares.id));
  return rows.map(toRelativeDto);
}

async function reachableRelative(db: Db, actor: SessionUser, id: number) {
  const [relative] = await db.select().from(familiares).where(eq(familiares.id, id));
  if (!relative) throw notFound(CARE_MESSAGES.familiarNoEncontrado);
  await reachableRequest({ db, actor, id: relative.solicitudId });
  return relative;
}

/** SPEC §7 PATCH /api/v1/previsivos/familiares/{id}/documento. */
export async function uploadRelativeDocument(args: {
  db: Db;
  storage: FileStorage;
  actor: SessionUser;
  relativeId: number;
  file: UploadedFile | undefined;
  nombreDocumento: string | undefined;
}) {
  const relative = await reachableRelative(args.db, args.actor, args.relativeId);
  if (!args.file) throw badRequest(CARE_MESSAGES.clienteYDocumento);
  const checked = checkFile(args.file, [...DOCUMENT_KINDS], CARE_MESSAGES.documentoTipo);
  const { updated, replacedId } = await withStoredFiles(args.storage, 'documentos', [checked], ([stored]) =>
    args.db.transaction(async (tx) => {
      const replacedId = await lockedDocumentId(tx, familiares, relative.id);
      await recordFile(tx, stored!, checked.file, 'documento_identidad', args.actor.id);
      const [row] = await tx
        .update(familiares)
        .set({
          documentoId: stored!.id,
          nombreDocumento: (args.nombreDocumento?.trim() || checked.file.filename).slice(0, 200),
        })
        .where(eq(familiares.id, relative.id))
        .returning();
      await audit(tx, args.actor, {
        accion: 'subir_documento_familiar',
        descripcion: `Documento de ${relative.nombre} (familiar del contrato ${relative.solicitudId}) ${replacedId ? 'reemplazado' : 'subido'}`,
        entidad: 'familiar',
        entidadId: relative.id,
      });
      return { updated: row!, replacedId };
    }),
  );
  await removeReplaced(args.db, args.storage, [replacedId]);
  return toRelativeDto(updated);
}

export async function relativeDocument({
  db,
  actor,
  relativeId,
}: {
  db: Db;
  actor: SessionUser;
  relativeId: number;
}) {
  const relative = await reachableRelative(db, actor, relativeId);
  return storedFile(db, relative.documentoId);
}
