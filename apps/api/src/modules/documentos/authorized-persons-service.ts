import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  ageOn,
  authorizedPersonSchema,
  CARE_MESSAGES,
  CLIENT_MESSAGES,
  MAX_AUTORIZADOS,
  MSG,
} from '@camposanto/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { archivos, autorizados, solicitudes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { checkFile, recordFile, withStoredFiles, type CheckedFile } from '../../lib/documents';
import { groupBy } from '../../lib/group-by';
import type { UploadedFile } from '../../lib/multipart';
import { inSellers, reachableSellerIds } from '../../lib/seller-scope';
import type { FileStorage } from '../../lib/storage';
import { parseInput } from '../../lib/validation';
import type { SessionUser } from '../../lib/actor';
import { reachableRequest } from '../contratos/access';
import { loadRequests } from '../contratos/request-dto';

type PersonRow = typeof autorizados.$inferSelect;

function toPersonDto(row: PersonRow) {
  return {
    id: row.id,
    nombre: row.nombre,
    cedula: row.cedula,
    direccion: row.direccion,
    fecha_nacimiento: row.fechaNacimiento,
    edad: row.fechaNacimiento ? ageOn(row.fechaNacimiento) : null,
    telefono: row.telefono,
    celular: row.celular,
    email: row.email,
    nombre_documento: row.nombreDocumento,
    tiene_documento: row.documentoId !== null,
  };
}

/** SPEC §2 Autorizados: the contracts one reaches, paged, with how many persons each has ('n/2'). */
export async function listContractsWithAuthorized({
  db,
  actor,
  page,
  perPage,
}: {
  db: Db;
  actor: SessionUser;
  page: number;
  perPage: number;
}) {
  const sellers = await reachableSellerIds(db, actor);
  const where = and(eq(solicitudes.estado, 'contrato'), inSellers(solicitudes.vendedorId, sellers));
  const [contracts, [{ total } = { total: 0 }]] = await Promise.all([
    loadRequests({
      db,
      where,
      orderBy: [desc(solicitudes.fechaConversion), desc(solicitudes.id)],
      limit: perPage,
      offset: (page - 1) * perPage,
    }),
    db.select({ total: count() }).from(solicitudes).where(where),
  ]);
  const ids = contracts.map((contract) => contract.id);
  const persons = ids.length
    ? await db
        .select()
        .from(autorizados)
        .where(inArray(autorizados.solicitudId, ids))
        .orderBy(asc(autorizados.id))
    : [];
  const byContract = groupBy(persons, (person) => person.solicitudId);
  const items = contracts.map((contract) => {
    const own = (byContract.get(contract.id) ?? []).map(toPersonDto);
    return { ...contract, autorizados: own, total_autorizados: own.length };
  });
  return { items, total, page, per_page: perPage };
}

export async function listAuthorized({
  db,
  actor,
  contractId,
}: {
  db: Db;
  actor: SessionUser;
  contractId: number;
}) {
  await reachableRequest({ db, actor, id: contractId });
  const rows = await db
    .select()
    .from(autorizados)
    .where(eq(autorizados.solicitudId, contractId))
    .orderBy(asc(autorizados.id));
  return rows.map(toPersonDto);
}

const personsSchema = z.array(authorizedPersonSchema).max(MAX_AUTORIZADOS, CARE_MESSAGES.maximoAutorizados);

function parsePersons(raw: string | undefined) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '');
  } catch {
    throw badRequest(CARE_MESSAGES.autorizadosInvalidos);
  }
  // Both-empty persons are the form's unused second slot (SPEC §5): they are skipped.
  const persons = parseInput(personsSchema, parsed, 'autorizados_str').filter(
    (person) => person.nombre !== '',
  );
  if (persons.length === 0) throw badRequest(CARE_MESSAGES.sinPersonas);
  return persons;
}

/** The identity image of the i-th person: a part named documento_identidad_i (or the i-th file part). */
function documentOf(files: UploadedFile[], index: number): CheckedFile | undefined {
  const file =
    files.find((part) => part.field === `documento_identidad_${index}`) ??
    files.filter((part) => !/_\d+$/.test(part.field))[index];
  return file ? checkFile(file, ['image'], CLIENT_MESSAGES.documentoImagen) : undefined;
}

/**
 * SPEC §7 POST /api/v1/autorizados. At most two persons per contract (SPEC §9): the contract row is locked
 * first, so two posts racing for the last places are counted one after the other.
 */
export async function addAuthorized(args: {
  db: Db;
  storage: FileStorage;
  actor: SessionUser;
  contractId: number;
  personsJson: string | undefined;
  files: UploadedFile[];
}) {
  const persons = parsePersons(args.personsJson);
  const documents = persons.map((_person, index) => documentOf(args.files, index));
  const checked = documents.filter((document): document is CheckedFile => document !== undefined);
  return withStoredFiles(args.storage, 'documentos', checked, (stored) =>
    args.db.transaction(async (tx) => {
      const contract = await reachableRequest({ db: tx, actor: args.actor, id: args.contractId, lock: true });
      if (contract.estado !== 'contrato') throw notFound(CARE_MESSAGES.contratoNoEncontrado);
      const [{ existing } = { existing: 0 }] = await tx
        .select({ existing: count() })
        .from(autorizados)
        .where(eq(autorizados.solicitudId, contract.id));
      if (existing + persons.length > MAX_AUTORIZADOS) throw conflict(CARE_MESSAGES.maximoAutorizados);
      const rows = [];
      for (const [index, person] of persons.entries()) {
        const document = documents[index];
        const file = document ? stored[checked.indexOf(document)] : undefined;
        if (file && document) await recordFile(tx, file, document.file, 'documento_identidad', args.actor.id);
        const [row] = await tx
          .insert(autorizados)
          .values({
            solicitudId: contract.id,
            nombre: person.nombre,
            cedula: person.cedula.toUpperCase(),
            direccion: person.direccion || null,
            fechaNacimiento: person.fecha_nacimiento || null,
            telefono: person.telefono || null,
            celular: person.celular || null,
            email: person.email.toLowerCase() || null,
            nombreDocumento: file ? (person.nombre_documento || document!.file.filename).slice(0, 200) : null,
            documentoId: file?.id ?? null,
          })
          .returning();
        rows.push(row!);
      }
      await audit(tx, args.actor, {
        accion: 'registrar_autorizados',
        descripcion: `Personas autorizadas en el contrato ${contract.numeroContrato}: ${rows.map((row) => `${row.nombre} (${row.cedula})`).join(', ')}`,
        entidad: 'solicitud',
        entidadId: contract.id,
      });
      return rows.map(toPersonDto);
    }),
  );
}

export async function authorizedDocument({
  db,
  actor,
  personId,
}: {
  db: Db;
  actor: SessionUser;
  personId: number;
}) {
  const [person] = await db.select().from(autorizados).where(eq(autorizados.id, personId));
  if (!person) throw notFound(MSG.autorizadoNoEncontrado);
  await reachableRequest({ db, actor, id: person.solicitudId });
  if (!person.documentoId) throw notFound(CARE_MESSAGES.sinDocumento);
  const [file] = await db.select().from(archivos).where(eq(archivos.id, person.documentoId));
  if (!file) throw notFound(CARE_MESSAGES.sinDocumento);
  return file;
}
