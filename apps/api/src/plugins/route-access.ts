import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import { ROLES, type Rol } from '@camposanto/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Callable without a session (sign-in, health): the explicit opposite of a `requireRoles` guard. */
    public?: boolean;
  }
  interface FastifyInstance {
    /** Who may call each route, as the routes declared it (issue 11: walked by the access tests). */
    routeAccess: readonly RouteAccess[];
  }
}

export type RouteAccess = { method: string; url: string; roles: readonly Rol[] | 'public' };

const guardRoles = new WeakMap<object, readonly Rol[]>();

/** Records the roles a `requireRoles` guard admits (every role when none is given). */
export function recordGuard<T extends object>(guard: T, roles: readonly Rol[]): T {
  guardRoles.set(guard, roles.length > 0 ? roles : ROLES);
  return guard;
}

/**
 * Deny by default (issue 11): every route must carry a `requireRoles` guard or `config: { public: true }`,
 * or building the app fails naming it. Every route of ours answers `Cache-Control: no-store`, so no
 * personal data or token is kept by a browser or a proxy; only the docs and the web app's files may be cached.
 * Returns `admitPublic`, the one way to register third-party routes that are public by nature (the OpenAPI
 * docs, the web app's files) without a mark of their own.
 */
export function registerRouteAccess(app: FastifyInstance) {
  const table: RouteAccess[] = [];
  let isAdmittingPublic = false;
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    const roles = rolesOf(route);
    const methods = ([] as string[]).concat(route.method);
    if (!roles && route.config?.public !== true && !isAdmittingPublic)
      throw new Error(
        `${methods.join(',')} ${route.url}: a route needs a role guard (requireRoles) or config.public`,
      );
    for (const method of methods) table.push({ method, url: route.url, roles: roles ?? 'public' });
    if (!isAdmittingPublic) route.onSend = [...asArray(route.onSend), noStore];
  });
  return {
    async admitPublic<T>(register: () => Promise<T>): Promise<T> {
      isAdmittingPublic = true;
      try {
        return await register();
      } finally {
        isAdmittingPublic = false;
      }
    },
  };
}

function rolesOf(route: RouteOptions): readonly Rol[] | undefined {
  for (const hook of asArray(route.onRequest)) {
    const roles = guardRoles.get(hook);
    if (roles) return roles;
  }
  return undefined;
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

async function noStore(_request: unknown, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}
