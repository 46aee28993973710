import { eq, inArray, or, type Column, type SQL } from 'drizzle-orm';
import { CONTRACT_MESSAGES } from '@camposanto/domain';
import type { Db } from '../db/client';
import { vendedores } from '../db/schema';
import type { SessionUser } from './actor';
import { forbidden } from './app-error';

/**
 * SPEC §6 / DESIGN §5 ownership: a seller reaches their own clients and sales, a supervisor also those of
 * their sellers, administrators and assistants everything. Returns the seller ids reachable, or 'all'.
 */
export async function reachableSellerIds(db: Db, actor: SessionUser): Promise<number[] | 'all'> {
  if (actor.rol === 'administrador' || actor.rol === 'asistente') return 'all';
  if (actor.rol === 'vendedor') return [actor.id];
  if (actor.rol === 'supervisor') {
    const rows = await db
      .select({ id: vendedores.id })
      .from(vendedores)
      .where(or(eq(vendedores.id, actor.id), eq(vendedores.supervisorId, actor.id)));
    return rows.map((row) => row.id);
  }
  return [];
}

export async function canReachSeller(db: Db, actor: SessionUser, sellerId: number): Promise<boolean> {
  const reachable = await reachableSellerIds(db, actor);
  return reachable === 'all' || reachable.includes(sellerId);
}

export async function assertReachesSeller(db: Db, actor: SessionUser, sellerId: number, message: string) {
  if (!(await canReachSeller(db, actor, sellerId))) throw forbidden(message);
}

/** What a paged list of one seller's (or one's whole reach's, `sellersOfList`) sales is asked with. */
export type SellerPageArgs = { db: Db; actor: SessionUser; sellerId: number; page: number; perPage: number };

/**
 * The sellers a list shows. Asking for one's own id means everything one reaches (a supervisor's sellers,
 * or everyone for an administrator); asking for another seller needs reach over that seller.
 */
export async function sellersOfList(db: Db, actor: SessionUser, sellerId: number): Promise<number[] | 'all'> {
  const reachable = await reachableSellerIds(db, actor);
  if (sellerId === actor.id) return reachable;
  if (reachable !== 'all' && !reachable.includes(sellerId)) throw forbidden(CONTRACT_MESSAGES.vendedorAjeno);
  return [sellerId];
}

/** A condition keeping the rows of the given sellers (none matches an empty list; 'all' adds no condition). */
export function inSellers(column: Column, sellers: number[] | 'all'): SQL | undefined {
  return sellers === 'all' ? undefined : inArray(column, sellers.length ? sellers : [-1]);
}
