import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MSG,
  type CsvCell,
  type Seller,
  type SellersListQuery,
  type SellersResponse,
  type UpdateSellerInput,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { usuarios, vendedores } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';
import {
  orderOf,
  pageWindow,
  searchable,
  searchCondition,
  yesNo,
  type SortedList,
} from '../../lib/list-tools';
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

/**
 * SPEC §7 GET /api/v1/vendedores: sellers, plus the users with rol supervisor for the dropdown. Issue 15
 * (decision 032): `vendedores` searched (name, cédula, e-mail, phone), filtered by supervisor, sorted, and paged
 * when page or per_page is given (the total in X-Total-Count).
 */
export async function listSellers({
  db,
  query = {},
}: {
  db: Db;
  query?: Partial<SellersListQuery>;
}): Promise<SellersResponse & { total: number }> {
  const list = sellersList({ db, query });
  const window = pageWindow(query);
  const [rows, total, users] = await Promise.all([
    list.rows(window ?? { limit: Number.MAX_SAFE_INTEGER, offset: 0 }),
    list.count(),
    listUsers({ db }),
  ]);
  return {
    mensaje: rows.length ? MSG.vendedoresListados : MSG.sinVendedores,
    vendedores: rows,
    usuarios: users.filter((user) => user.rol === 'supervisor'),
    total,
  };
}

/** The sellers of the filter in the order asked for (by name without one, as SPEC §7's list). */
export function sellersList({ db, query }: { db: Db; query: Partial<SellersListQuery> }): SortedList<Seller> {
  const where = and(
    searchCondition(query.q, [
      searchable(vendedores.nombre, { isNullable: false }),
      searchable(vendedores.cedula),
      searchable(vendedores.email, { isNullable: false }),
      searchable(vendedores.telefono),
    ]),
    query.supervisor === 'ninguno'
      ? isNull(vendedores.supervisorId)
      : query.supervisor !== undefined
        ? eq(vendedores.supervisorId, query.supervisor)
        : undefined,
  );
  const order = orderOf(
    query.orden,
    {
      nombre: sql`lower(${vendedores.nombre})`,
      cedula: vendedores.cedula,
      email: sql`lower(${vendedores.email})`,
      supervisor: sql`lower(${supervisor.nombre})`,
    },
    vendedores.id,
    [asc(vendedores.nombre), asc(vendedores.id)],
  );
  return {
    count: async () => {
      const [row] = await db.select({ total: count() }).from(vendedores).where(where);
      return row?.total ?? 0;
    },
    rows: ({ limit, offset }) =>
      selectSellers(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  };
}

/** A seller as a row of the CSV (SELLER_CSV_HEADER). */
export function sellerCsvRow(seller: Seller): CsvCell[] {
  return [
    seller.nombre,
    seller.cedula,
    seller.direccion,
    seller.telefono,
    seller.email,
    seller.supervisor_nombre,
    yesNo(seller.is_active),
  ];
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
