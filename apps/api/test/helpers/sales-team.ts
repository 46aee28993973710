import type { FastifyInstance } from 'fastify';
import { adminToken, bearer, userWithRole, type TestUser } from './auth';

// The people most sales tests start from, made through the API as an administrator makes them. A seller's
// user id is also the seller id the API answers (`vendedor_id`) and takes (PUT /api/v1/vendedores/:id).

export type SalesTeam = {
  /** The first administrator's token. */
  admin: string;
  supervisor: TestUser;
  /** The seller the supervisor leads. */
  seller: TestUser;
  /** A seller with no supervisor. */
  otherSeller: TestUser;
  asistente: TestUser;
};

/** PUT /api/v1/vendedores/:id as `admin`: `supervisor` leads `seller` from now on. */
export async function assignSupervisor(
  app: FastifyInstance,
  admin: string,
  seller: TestUser,
  supervisor: TestUser,
) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/v1/vendedores/${seller.id}`,
    headers: bearer(admin),
    payload: { supervisor_id: supervisor.id },
  });
  if (response.statusCode !== 200)
    throw new Error(`supervisor not assigned: ${response.statusCode} ${response.body}`);
}

/**
 * The first administrator, a supervisor leading one seller, a second seller of nobody's team and an
 * asistente, each signed in.
 */
export async function salesTeam(app: FastifyInstance): Promise<SalesTeam> {
  const admin = await adminToken(app);
  const [supervisor, seller, otherSeller, asistente] = await Promise.all([
    userWithRole(app, admin, 'supervisor'),
    userWithRole(app, admin, 'vendedor'),
    userWithRole(app, admin, 'vendedor'),
    userWithRole(app, admin, 'asistente'),
  ]);
  await assignSupervisor(app, admin, seller, supervisor);
  return { admin, supervisor, seller, otherSeller, asistente };
}
