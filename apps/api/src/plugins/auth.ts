import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { MSG, tokenClaimsSchema, type Rol } from '@camposanto/domain';
import type { Db } from '../db/client';
import { usuarios, vendedores } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { SessionUser } from '../lib/actor';
import { sessionCacheOf, type SessionRow } from '../lib/session-cache';
import { recordGuard } from './route-access';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

const unauthorized = (message: string = MSG.tokenInvalido) => new AppError('UNAUTHORIZED', message);

/**
 * The session check runs on every signed-in request (issue 12, decision 038): built once per database and sent as
 * a named prepared statement, so neither Drizzle nor PostgreSQL parses it again on each call. A column added here
 * must be added to the triggers of migration 0013 too, which tell PGlite's cache that a row changed.
 */
const sessionStatements = new WeakMap<Db, ReturnType<typeof prepareSessionStatement>>();

function prepareSessionStatement(db: Db) {
  return db
    .select({
      id: usuarios.id,
      username: usuarios.username,
      email: usuarios.email,
      rol: usuarios.rol,
      isActive: usuarios.isActive,
      tokenVersion: usuarios.tokenVersion,
      supervisorId: vendedores.supervisorId,
    })
    .from(usuarios)
    .leftJoin(vendedores, eq(vendedores.id, usuarios.id))
    .where(eq(usuarios.id, sql.placeholder('id')))
    .prepare('sesion_usuario');
}

function sessionStatement(db: Db) {
  let statement = sessionStatements.get(db);
  if (!statement) {
    statement = prepareSessionStatement(db);
    sessionStatements.set(db, statement);
  }
  return statement;
}

/** The user's row as the session check reads it: from memory on PGlite (decision 038), else from the database. */
async function sessionRow(db: Db, id: number): Promise<SessionRow | undefined> {
  const cache = sessionCacheOf(db);
  const cached = cache?.get(id);
  if (cached) return cached;
  const changesBefore = cache?.changes ?? 0;
  const [row] = await sessionStatement(db).execute({ id });
  if (row && cache) cache.keep(row, changesBefore);
  return row;
}

/**
 * DESIGN §5 Sessions: a pinned algorithm (set where @fastify/jwt is registered), expiry, and the
 * per-user token version, so sign-out, a password change or deactivation revoke earlier tokens at once.
 */
export async function authenticate(request: FastifyRequest, db: Db): Promise<SessionUser> {
  if (request.sessionUser) return request.sessionUser;
  const header = request.headers.authorization;
  if (!header || !/^bearer\s+\S+/i.test(header)) throw unauthorized(MSG.sinToken);
  let claims;
  try {
    claims = tokenClaimsSchema.parse(await request.jwtVerify());
  } catch {
    throw unauthorized();
  }
  const row = await sessionRow(db, Number(claims.sub));
  if (!row || !row.isActive || row.tokenVersion !== claims.ver) throw unauthorized();
  request.sessionUser = {
    id: row.id,
    username: row.username,
    email: row.email,
    rol: row.rol as Rol,
    supervisorId: row.supervisorId ?? null,
  };
  return request.sessionUser;
}

/** An onRequest hook (before the body is read or validated) that admits signed-in users of the given roles (any role when none is given). */
export function requireRoles(app: FastifyInstance, ...roles: Rol[]): onRequestAsyncHookHandler {
  return recordGuard(async (request) => {
    const user = await authenticate(request, app.db);
    if (roles.length > 0 && !roles.includes(user.rol)) throw new AppError('FORBIDDEN', MSG.sinPermiso);
  }, roles);
}

/** The session user of a route guarded by `requireRoles`. */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized(MSG.sinToken);
  return request.sessionUser;
}
