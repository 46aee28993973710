import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  bigserial,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@camposanto/domain';
import { createdAt, sqlList, updatedAt } from './columns';

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    rol: text('rol').notNull(),
    passwordHash: text('password_hash').notNull(),
    cedula: text('cedula'),
    direccion: text('direccion'),
    telefono: text('telefono'),
    isActive: boolean('is_active').notNull().default(true),
    // DESIGN §5 Sessions: bumped on sign-out, password change and deactivation; tokens carry it.
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('usuarios_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('usuarios_username_key').on(sql`lower(${t.username})`),
    index('usuarios_rol_idx').on(t.rol),
    check('usuarios_rol_check', sql.raw(`rol in (${sqlList(ROLES)})`)),
  ],
);

/** A seller profile shares its user's id (DESIGN §3). Supervisors are sellers too. */
export const vendedores = pgTable(
  'vendedores',
  {
    id: integer('id')
      .primaryKey()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    cedula: text('cedula'),
    direccion: text('direccion'),
    telefono: text('telefono'),
    email: text('email').notNull(),
    supervisorId: integer('supervisor_id').references((): AnyPgColumn => vendedores.id, {
      onDelete: 'set null',
    }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendedores_supervisor_idx').on(t.supervisorId),
    uniqueIndex('vendedores_cedula_key').on(t.cedula),
    check('vendedores_supervisor_check', sql`supervisor_id is null or supervisor_id <> id`),
  ],
);

/** Every change, written in the same transaction as the change (DESIGN §5). */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    rol: text('rol').notNull(),
    accion: text('accion').notNull(),
    descripcion: text('descripcion').notNull(),
    entidad: text('entidad'),
    entidadId: text('entidad_id'),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auditoria_fecha_idx').on(t.fecha, t.id),
    index('auditoria_rol_fecha_idx').on(t.rol, t.fecha, t.id),
    index('auditoria_usuario_idx').on(t.usuarioId),
  ],
);

/**
 * Issue 16 (docs/decisions/025): counters shared by every instance on PostgreSQL, the sign-in throttle's failures
 * (`login:ip:…`, `login:cuenta:…`) and the per-route rate limits (`ruta:…`). A key counts until `expira`; expired
 * rows are ignored when read and deleted by the expiry job.
 */
export const contadoresLimite = pgTable(
  'contadores_limite',
  {
    clave: text('clave').primaryKey(),
    cuenta: integer('cuenta').notNull(),
    expira: timestamp('expira', { withTimezone: true }).notNull(),
  },
  (t) => [index('contadores_limite_expira_idx').on(t.expira)],
);
