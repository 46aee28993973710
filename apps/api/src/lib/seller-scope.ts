import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { vendedores } from '../db/schema';
import type { SessionUser } from '../plugins/auth';
import { forbidden } from './app-error';

/**
 * SPEC §6 / DESIGN §5 ownership: a seller reaches their own clients and sales, a supervisor also those of
 * their sellers, administrators and assistants everything. Returns the seller ids reachable, or 'all'.
 */
export async function reachableSellerIds(db: Db, user: SessionUser): Promise<number[] | 'all'> {
  if (user.rol === 'administrador' || user.rol === 'asistente') return 'all';
  if (user.rol === 'vendedor') return [user.id];
  if (user.rol === 'supervisor') {
    const rows = await db
      .select({ id: vendedores.id })
      .from(vendedores)
      .where(or(eq(vendedores.id, user.id), eq(vendedores.supervisorId, user.id)));
    return rows.map((row) => row.id);
  }
  return [];
}

export async function canReachSeller(db: Db, user: SessionUser, sellerId: number): Promise<boolean> {
  const reachable = await reachableSellerIds(db, user);
  return reachable === 'all' || reachable.includes(sellerId);
}

export async function assertReachesSeller(db: Db, user: SessionUser, sellerId: number, message: string) {
  if (!(await canReachSeller(db, user, sellerId))) throw forbidden(message);
}
