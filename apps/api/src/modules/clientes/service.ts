import { eq } from 'drizzle-orm';
import { ageOn, CARE_MESSAGES, CLIENT_MESSAGES, type Client, type ClientFields } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { clientes, vendedores } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { checkFile, recordFile, withStoredFiles } from '../../lib/documents';
import type { UploadedFile } from '../../lib/multipart';
import { assertReachesSeller } from '../../lib/seller-scope';
import type { FileStorage } from '../../lib/storage';
import type { SessionUser } from '../../lib/actor';

export type ClientRow = typeof clientes.$inferSelect;

/** The fields of a client's row that its DTO shows. */
export type ClientDtoRow = Pick<
  ClientRow,
  | 'id'
  | 'vendedorId'
  | 'nombre'
  | 'cedula'
  | 'fechaNacimiento'
  | 'telefono'
  | 'celular'
  | 'email'
  | 'direccion'
  | 'nombreDocumento'
  | 'documentoId'
>;

export function toClientDto(row: ClientDtoRow): Client {
  return {
    id: row.id,
    vendedor_id: row.vendedorId,
    nombre: row.nombre,
    cedula: row.cedula,
    fecha_nacimiento: row.fechaNacimiento,
    edad: row.fechaNacimiento ? ageOn(row.fechaNacimiento) : null,
    telefono: row.telefono,
    celular: row.celular,
    email: row.email,
    direccion: row.direccion,
    nombre_documento: row.nombreDocumento,
    tiene_documento: row.documentoId !== null,
  };
}

export function normalizeCedula(cedula: string): string {
  return cedula.trim().toUpperCase().replace(/\s+/g, '');
}

/** SPEC §7 GET /api/v1/clientes/{cedula}: 404 when new, 403 when it belongs to a seller out of reach. */
export async function findClientByCedula({
  db,
  actor,
  cedula,
}: {
  db: Db;
  actor: SessionUser;
  cedula: string;
}) {
  const [row] = await db
    .select()
    .from(clientes)
    .where(eq(clientes.cedula, normalizeCedula(cedula)));
  if (!row) throw notFound(CLIENT_MESSAGES.noExiste);
  await assertReachesSeller(db, actor, row.vendedorId, CLIENT_MESSAGES.deOtroVendedor);
  return toClientDto(row);
}

/** A client the actor may sell to, or the Spanish refusal (404 / 403). */
export async function reachableClient({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: SessionUser;
  id: number;
}): Promise<ClientRow> {
  const [row] = await db.select().from(clientes).where(eq(clientes.id, id));
  if (!row) throw notFound(CARE_MESSAGES.clienteNoEncontrado);
  await assertReachesSeller(db, actor, row.vendedorId, CLIENT_MESSAGES.deOtroVendedor);
  return row;
}

/** The seller a new client belongs to: the signed-in seller, or the one an administrator names. */
async function sellerForNewClient(
  db: Db,
  actor: SessionUser,
  requested: number | undefined,
): Promise<number> {
  if (actor.rol === 'vendedor' || actor.rol === 'supervisor') {
    if (requested && requested !== actor.id)
      await assertReachesSeller(db, actor, requested, CLIENT_MESSAGES.deOtroVendedor);
    return requested ?? actor.id;
  }
  if (!requested) throw badRequest(CLIENT_MESSAGES.vendedorNoIdentificado);
  const [seller] = await db
    .select({ id: vendedores.id })
    .from(vendedores)
    .where(eq(vendedores.id, requested));
  if (!seller) throw badRequest(CLIENT_MESSAGES.vendedorNoIdentificado);
  return seller.id;
}

/** SPEC §7 POST /api/v1/clientes/ (multipart, identity document image optional). */
export async function createClient({
  db,
  storage,
  actor,
  fields,
  document,
}: {
  db: Db;
  storage: FileStorage;
  actor: SessionUser;
  fields: ClientFields;
  document: UploadedFile | undefined;
}): Promise<Client> {
  const sellerId = await sellerForNewClient(db, actor, fields.vendedor_id);
  const checked = document ? [checkFile(document, ['image'], CLIENT_MESSAGES.documentoImagen)] : [];
  try {
    return await withStoredFiles(storage, 'documentos', checked, ([stored]) =>
      db.transaction(async (tx) => {
        if (stored && document) await recordFile(tx, stored, document, 'documento_identidad', actor.id);
        const [row] = await tx
          .insert(clientes)
          .values({
            vendedorId: sellerId,
            nombre: fields.nombre,
            cedula: fields.cedula,
            fechaNacimiento: fields.fecha_nacimiento,
            telefono: fields.telefono,
            celular: fields.celular,
            email: fields.email,
            direccion: fields.direccion,
            nombreDocumento: stored
              ? (fields.nombre_documento ?? document?.filename.slice(0, 200) ?? null)
              : null,
            documentoId: stored?.id ?? null,
          })
          .returning();
        await audit(tx, actor, {
          accion: 'crear_cliente',
          descripcion: `Cliente creado: ${row!.nombre} (${row!.cedula})${stored ? ' con documento de identidad' : ''}`,
          entidad: 'cliente',
          entidadId: row!.id,
        });
        return toClientDto(row!);
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'clientes_cedula_unique')) throw conflict(CLIENT_MESSAGES.cedulaDuplicada);
    throw error;
  }
}
