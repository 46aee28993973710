import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import {
  isSellerRole,
  MSG,
  ROL_LABELS,
  type CsvCell,
  type Rol,
  type User,
  type UsersListQuery,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clientes, pagos, solicitudes, usuarios, vendedores } from '../../db/schema';
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';
import { searchable, searchCondition, orderOf, yesNo, type SortedList } from '../../lib/list-tools';
import { businessDate } from '../../lib/business-time';
import { hashPassword } from '../../lib/passwords';

type UserRow = typeof usuarios.$inferSelect;

export type NewUser = {
  username: string;
  email: string;
  rol: Rol;
  password: string;
  cedula: string | null;
  direccion: string | null;
  telefono: string | null;
};

export type UserChanges = {
  username: string;
  email: string;
  rol: Rol;
  password?: string | undefined;
} & Partial<Pick<NewUser, 'cedula' | 'direccion' | 'telefono'>>;

export function toUserDto(row: UserRow, hasSellerProfile: boolean): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    rol: row.rol as Rol,
    cedula: row.cedula,
    direccion: row.direccion,
    telefono: row.telefono,
    is_active: row.isActive,
    vendedor_id: hasSellerProfile ? row.id : null,
    created_at: row.createdAt.toISOString(),
  };
}

const userColumns = { user: usuarios, sellerId: vendedores.id };

export async function listUsers({ db }: { db: Db }): Promise<User[]> {
  const rows = await db
    .select(userColumns)
    .from(usuarios)
    .leftJoin(vendedores, eq(vendedores.id, usuarios.id))
    .orderBy(asc(usuarios.username));
  return rows.map((row) => toUserDto(row.user, row.sellerId !== null));
}

/**
 * Issue 15: Gestionar Usuarios searched (name, e-mail, cédula, phone), filtered by rol and activo, in the order
 * asked for (by name without one, as SPEC §7's list).
 */
export function usersList({ db, query }: { db: Db; query: UsersListQuery }): SortedList<User> {
  const where = and(
    searchCondition(query.q, [
      searchable(usuarios.username, { isNullable: false }),
      searchable(usuarios.email, { isNullable: false }),
      searchable(usuarios.cedula),
      searchable(usuarios.telefono),
    ]),
    query.rol ? eq(usuarios.rol, query.rol) : undefined,
    query.activo === undefined ? undefined : eq(usuarios.isActive, query.activo),
  );
  const order = orderOf(
    query.orden,
    {
      username: sql`lower(${usuarios.username})`,
      email: sql`lower(${usuarios.email})`,
      rol: usuarios.rol,
      is_active: usuarios.isActive,
      created_at: usuarios.createdAt,
    },
    usuarios.id,
    [asc(usuarios.username), asc(usuarios.id)],
  );
  return {
    count: async () => {
      const [row] = await db.select({ total: count() }).from(usuarios).where(where);
      return row?.total ?? 0;
    },
    rows: async ({ limit, offset }) => {
      const rows = await db
        .select(userColumns)
        .from(usuarios)
        .leftJoin(vendedores, eq(vendedores.id, usuarios.id))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return rows.map((row) => toUserDto(row.user, row.sellerId !== null));
    },
  };
}

/** A user as a row of the CSV (USER_CSV_HEADER). */
export function userCsvRow(user: User): CsvCell[] {
  return [
    user.username,
    user.email,
    ROL_LABELS[user.rol] ?? user.rol,
    user.cedula,
    user.telefono,
    yesNo(user.is_active),
    businessDate(new Date(user.created_at)),
  ];
}

async function findUser(db: Db, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(usuarios)
    .leftJoin(vendedores, eq(vendedores.id, usuarios.id))
    .where(eq(usuarios.id, id));
  if (!row) throw notFound(MSG.usuarioNoEncontrado);
  return row;
}

/** Unique constraints of users and seller profiles, as the Spanish 409 a user can act on. */
function duplicateError(error: unknown): AppError | undefined {
  if (isUniqueViolation(error, 'usuarios_email_key')) return conflict(MSG.emailDuplicado);
  if (isUniqueViolation(error, 'usuarios_username_key')) return conflict(MSG.usernameDuplicado);
  if (isUniqueViolation(error, 'vendedores_cedula_key')) return conflict(MSG.cedulaDuplicada);
  if (isUniqueViolation(error)) return conflict(MSG.emailDuplicado);
  return undefined;
}

async function withDuplicatesAsConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

// Serialises the check below with concurrent creations and edits of names and e-mails.
const LOGIN_NAMES_LOCK_KEY = 724_315;

/**
 * The sign-in accepts a name or an e-mail (SPEC §7): a display name equal to another user's e-mail, or an
 * e-mail equal to another user's display name, would make one identifier name two accounts (issue 11 #6).
 */
export async function assertIdentifiersApart({
  db,
  account,
}: {
  db: Db;
  account: { id?: number; username?: string; email?: string };
}) {
  await db.execute(sql`select pg_advisory_xact_lock(${LOGIN_NAMES_LOCK_KEY})`);
  const others = account.id === undefined ? sql`true` : ne(usuarios.id, account.id);
  if (account.username !== undefined) {
    const [clash] = await db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(and(others, sql`lower(${usuarios.email}) = lower(${account.username.trim()})`))
      .limit(1);
    if (clash) throw conflict(MSG.nombreEsCorreoDeOtro);
  }
  if (account.email !== undefined) {
    const [clash] = await db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(and(others, sql`lower(${usuarios.username}) = lower(${account.email.trim()})`))
      .limit(1);
    if (clash) throw conflict(MSG.correoEsNombreDeOtro);
  }
}

/** Inserts a user and, for sellers and supervisors, the seller profile that shares its id. */
export async function insertUser({ db: tx, ...input }: { db: Db } & NewUser): Promise<User> {
  await assertIdentifiersApart({ db: tx, account: { username: input.username, email: input.email } });
  const passwordHash = await hashPassword(input.password);
  return withDuplicatesAsConflicts(async () => {
    const [row] = await tx
      .insert(usuarios)
      .values({
        username: input.username,
        email: input.email,
        rol: input.rol,
        passwordHash,
        cedula: input.cedula,
        direccion: input.direccion,
        telefono: input.telefono,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const isSeller = isSellerRole(input.rol);
    if (isSeller) await insertSellerProfile(tx, row);
    return toUserDto(row, isSeller);
  });
}

async function insertSellerProfile(tx: Db, user: UserRow) {
  await tx.insert(vendedores).values({
    id: user.id,
    nombre: user.username,
    cedula: user.cedula,
    direccion: user.direccion,
    telefono: user.telefono,
    email: user.email,
    isActive: user.isActive,
  });
}

/** Only an administrator may create, change or remove administrators (an assistant may not promote anyone). */
function assertMayManage(actor: Actor, ...roles: string[]) {
  if (actor.rol !== 'administrador' && roles.includes('administrador')) {
    throw forbidden(MSG.soloAdministradorGestionaAdministradores);
  }
}

export async function createUser({ db, input, actor }: { db: Db; input: NewUser; actor: Actor }) {
  assertMayManage(actor, input.rol);
  return db.transaction(async (tx) => {
    const user = await insertUser({ db: tx, ...input });
    await audit(tx, actor, {
      accion: 'crear_usuario',
      descripcion: `Usuario creado: ${user.username} (${user.email}), rol ${user.rol}`,
      entidad: 'usuario',
      entidadId: user.id,
    });
    return user;
  });
}

// Serialises the changes that can leave no active administrador: two administradores deactivating (or
// demoting, or deleting) each other at once must not both succeed.
const ACTIVE_ADMINS_LOCK_KEY = 724_314;

async function assertAnotherActiveAdmin(tx: Db, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACTIVE_ADMINS_LOCK_KEY})`);
  const [other] = await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(eq(usuarios.rol, 'administrador'), eq(usuarios.isActive, true), ne(usuarios.id, userId)))
    .limit(1);
  if (!other) throw conflict(MSG.ultimoAdministrador);
}

export async function updateUser({
  db,
  id,
  changes,
  actor,
}: {
  db: Db;
  id: number;
  changes: UserChanges;
  actor: Actor;
}) {
  return db.transaction(async (tx) => {
    const current = await findUser(tx, id);
    assertMayManage(actor, current.user.rol, changes.rol);
    if (current.user.rol === 'administrador' && changes.rol !== 'administrador') {
      await assertAnotherActiveAdmin(tx, id);
    }
    await assertIdentifiersApart({
      db: tx,
      account: { id, username: changes.username, email: changes.email },
    });
    const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
    // A new password or role changes what the user's tokens say: earlier tokens stop working.
    const revokesTokens = Boolean(passwordHash) || changes.rol !== current.user.rol;
    const row = await withDuplicatesAsConflicts(async () => {
      const [updated] = await tx
        .update(usuarios)
        .set({
          username: changes.username,
          email: changes.email,
          rol: changes.rol,
          ...(passwordHash ? { passwordHash } : {}),
          ...(changes.cedula !== undefined ? { cedula: changes.cedula } : {}),
          ...(changes.direccion !== undefined ? { direccion: changes.direccion } : {}),
          ...(changes.telefono !== undefined ? { telefono: changes.telefono } : {}),
          ...(revokesTokens ? { tokenVersion: sql`${usuarios.tokenVersion} + 1` } : {}),
          updatedAt: new Date(),
        })
        .where(eq(usuarios.id, id))
        .returning();
      if (!updated) throw notFound(MSG.usuarioNoEncontrado);
      if (current.sellerId !== null) {
        await tx
          .update(vendedores)
          .set({
            nombre: updated.username,
            email: updated.email,
            ...(changes.cedula !== undefined ? { cedula: updated.cedula } : {}),
            ...(changes.direccion !== undefined ? { direccion: updated.direccion } : {}),
            ...(changes.telefono !== undefined ? { telefono: updated.telefono } : {}),
            updatedAt: new Date(),
          })
          .where(eq(vendedores.id, id));
      } else if (isSellerRole(changes.rol)) {
        await insertSellerProfile(tx, updated);
      }
      return updated;
    });
    const changed = describeChanges(current.user, row, Boolean(passwordHash));
    await audit(tx, actor, {
      accion: 'actualizar_usuario',
      descripcion: `Usuario ${row.username} actualizado${changed ? `: ${changed}` : ''}`,
      entidad: 'usuario',
      entidadId: id,
    });
    return toUserDto(row, current.sellerId !== null || isSellerRole(changes.rol));
  });
}

function describeChanges(before: UserRow, after: UserRow, passwordChanged: boolean): string {
  const parts: string[] = [];
  if (before.username !== after.username) parts.push(`nombre ${before.username} → ${after.username}`);
  if (before.email !== after.email) parts.push(`email ${before.email} → ${after.email}`);
  if (before.rol !== after.rol) parts.push(`rol ${before.rol} → ${after.rol}`);
  if (passwordChanged) parts.push('contraseña cambiada');
  return parts.join(', ');
}

export async function setUserActive({
  db,
  id,
  isActive,
  actor,
}: {
  db: Db;
  id: number;
  isActive: boolean;
  actor: Actor;
}) {
  if (!isActive && id === actor.id) throw new AppError('BAD_REQUEST', MSG.noDesactivarseASiMismo);
  return db.transaction(async (tx) => {
    const current = await findUser(tx, id);
    assertMayManage(actor, current.user.rol);
    if (!isActive && current.user.rol === 'administrador') await assertAnotherActiveAdmin(tx, id);
    const [row] = await tx
      .update(usuarios)
      .set({
        isActive,
        updatedAt: new Date(),
        // Deactivation revokes the user's tokens at once (DESIGN §5 Sessions).
        ...(isActive ? {} : { tokenVersion: sql`${usuarios.tokenVersion} + 1` }),
      })
      .where(eq(usuarios.id, id))
      .returning();
    if (!row) throw notFound(MSG.usuarioNoEncontrado);
    await tx.update(vendedores).set({ isActive, updatedAt: new Date() }).where(eq(vendedores.id, id));
    await audit(tx, actor, {
      accion: isActive ? 'activar_usuario' : 'desactivar_usuario',
      descripcion: `Usuario ${row.username} ${isActive ? 'activado' : 'desactivado'}`,
      entidad: 'usuario',
      entidadId: id,
    });
    return toUserDto(row, current.sellerId !== null);
  });
}

/** A user with clients, requests or payments keeps its history: it can be deactivated, not deleted. */
export async function deleteUser({ db, id, actor }: { db: Db; id: number; actor: Actor }) {
  if (id === actor.id) throw new AppError('BAD_REQUEST', MSG.noEliminarseASiMismo);
  return db.transaction(async (tx) => {
    const current = await findUser(tx, id);
    assertMayManage(actor, current.user.rol);
    if (current.user.rol === 'administrador') await assertAnotherActiveAdmin(tx, id);
    const [history] = await tx
      .execute(
        sql`
      select exists (select 1 from ${clientes} where ${clientes.vendedorId} = ${id})
          or exists (select 1 from ${solicitudes} where ${or(
            eq(solicitudes.vendedorId, id),
            eq(solicitudes.supervisorId, id),
            eq(solicitudes.creadoPor, id),
          )})
          or exists (select 1 from ${pagos} where ${or(eq(pagos.vendedorId, id), eq(pagos.registradoPor, id))})
        as has_history`,
      )
      .then((result) => rowsOf<{ has_history: boolean }>(result));
    if (history?.has_history) throw conflict(MSG.usuarioConVentas);
    await tx.delete(usuarios).where(eq(usuarios.id, id));
    await audit(tx, actor, {
      accion: 'eliminar_usuario',
      descripcion: `Usuario eliminado: ${current.user.username} (${current.user.email})`,
      entidad: 'usuario',
      entidadId: id,
    });
  });
}

export async function getUser({ db, id }: { db: Db; id: number }): Promise<User> {
  const row = await findUser(db, id);
  return toUserDto(row.user, row.sellerId !== null);
}
