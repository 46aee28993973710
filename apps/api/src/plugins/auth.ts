import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { MSG, tokenClaimsSchema, type Rol } from '@camposanto/domain';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { SessionUser } from '../lib/actor';
import { sessionRow } from '../lib/session-cache';
import { recordGuard } from './route-access';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

const unauthorized = (message: string = MSG.tokenInvalido) => new AppError('UNAUTHORIZED', message);

/**
 * DESIGN §5 Sessions: a pinned algorithm (set where @fastify/jwt is registered), expiry, and the
 * per-user token version, so sign-out, a password change or deactivation revoke earlier tokens at once.
 */
export async function authenticate(request: FastifyRequest, db: Db): Promise<SessionUser> {
  if (request.sessionUser) return request.sessionUser;
  const header = request.headers.authorization;
  if (!header || !/^bearer\s+\S+/i.test(header)) throw unauthorized(MSG.sinToken);
  // `Bearer <token>` with one space, as @fastify/jwt's request.jwtVerify reads it. Verified by the instance's
  // verifier itself, synchronously: the request decorator's callbacks around it were a tenth of the server's CPU
  // on the cheapest pages (issue 12). Its cache keeps a token's claims until the token expires, ten minutes at most.
  const parts = header.split(' ');
  if (parts.length !== 2) throw unauthorized();
  let claims;
  try {
    claims = tokenClaimsSchema.parse(request.server.jwt.verify(parts[1]!));
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
