import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MSG, type UpdateSellerInput, type Seller, type SellersResponse } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { usuarios, vendedores } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';
import { assertIdentifiersApart, listUsers } from '../usuarios/service';

const supervisor = alias(vendedores, 'supervisor');

function selectSellers(db: Db) {
  return db
    .select({
      id: vendedores.id,
      nombre: vendedores.nombre,
      cedula: vendedores.cedula,
      direccion: vendedores.direccion,
      telefono: vendedores.telefono,
      email: vendedores.email,
      supervisor_id: vendedores.supervisorId,
      supervisor_nombre: supervisor.nombre,
      is_active: vendedores.isActive,
    })
    .from(vendedores)
    .leftJoin(supervisor, eq(supervisor.id, vendedores.supervisorId));
}

/** SPEC §7 GET /api/v1/vendedores: sellers, plus the users with rol supervisor for the dropdown. */
export async function listSellers({ db }: { db: Db }): Promise<SellersResponse> {
  const [rows, users] = await Promise.all([
    selectSellers(db).orderBy(asc(vendedores.nombre)),
    listUsers({ db }),
  ]);
  return {
    mensaje: rows.length ? MSG.vendedoresListados : MSG.sinVendedores,
    vendedores: rows,
    usuarios: users.filter((user) => user.rol === 'supervisor'),
  };
}

async function getSeller(db: Db, id: number): Promise<Seller> {
  const [row] = await selectSellers(db).where(eq(vendedores.id, id));
  if (!row) throw notFound(MSG.vendedorNoEncontrado);
  return row;
}

/** SPEC §7 PUT /api/v1/vendedores/{id}; the seller's user keeps the same name, e-mail and contact data. */
export async function updateSeller({
  db,
  id,
  input,
  actor,
}: {
  db: Db;
  id: number;
  input: Omit<UpdateSellerInput, 'supervisor_id'> & { supervisor_id?: number | null | undefined };
  actor: Actor;
}): Promise<Seller> {
  return db.transaction(async (tx) => {
    const before = await getSeller(tx, id);
    if (input.supervisor_id != null) await assertSupervisor(tx, id, input.supervisor_id);
    await assertIdentifiersApart({ db: tx, account: { id, username: input.nombre, email: input.email } });
    const changes = {
      ...(input.nombre !== undefined ? { nombre: input.nombre } : {}),
      ...(input.cedula !== undefined ? { cedula: input.cedula } : {}),
      ...(input.direccion !== undefined ? { direccion: input.direccion } : {}),
      ...(input.telefono !== undefined ? { telefono: input.telefono } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
    };
    try {
      await tx
        .update(vendedores)
        .set({
          ...changes,
          ...(input.supervisor_id !== undefined ? { supervisorId: input.supervisor_id } : {}),
          updatedAt: new Date(),
        })
        .where(eq(vendedores.id, id));
      const { nombre: name, ...contact } = changes;
      await tx
        .update(usuarios)
        .set({ ...contact, ...(name !== undefined ? { username: name } : {}), updatedAt: new Date() })
        .where(eq(usuarios.id, id));
    } catch (error) {
      if (isUniqueViolation(error, 'vendedores_cedula_key')) throw conflict(MSG.cedulaDuplicada);
      if (isUniqueViolation(error, 'usuarios_email_key')) throw conflict(MSG.emailDuplicado);
      if (isUniqueViolation(error, 'usuarios_username_key')) throw conflict(MSG.usernameDuplicado);
      throw error;
    }
    const after = await getSeller(tx, id);
    await audit(tx, actor, {
      accion: 'actualizar_vendedor',
      descripcion: describe(before, after),
      entidad: 'vendedor',
      entidadId: id,
    });
    return after;
  });
}

async function assertSupervisor(db: Db, sellerId: number, supervisorId: number) {
  if (supervisorId === sellerId) throw badRequest(MSG.supervisorDeSiMismo);
  const [row] = await db
    .select({ rol: usuarios.rol })
    .from(vendedores)
    .innerJoin(usuarios, eq(usuarios.id, vendedores.id))
    .where(eq(vendedores.id, supervisorId));
  if (row?.rol !== 'supervisor') throw badRequest(MSG.supervisorNoValido);
}

function describe(before: Seller, after: Seller): string {
  const fields = ['nombre', 'cedula', 'direccion', 'telefono', 'email'] as const;
  const parts = fields
    .filter((field) => before[field] !== after[field])
    .map((field) => `${field} ${before[field] ?? '—'} → ${after[field] ?? '—'}`);
  if (before.supervisor_id !== after.supervisor_id) {
    parts.push(
      `supervisor ${before.supervisor_nombre ?? 'Sin supervisor'} → ${after.supervisor_nombre ?? 'Sin supervisor'}`,
    );
  }
  return `Vendedor ${after.nombre} actualizado${parts.length ? `: ${parts.join(', ')}` : ''}`;
}
