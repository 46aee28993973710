import { and, asc, count, desc, eq, exists, inArray, type SQL } from 'drizzle-orm';
import { CONTRACT_MESSAGES, type Client, type RequestDto } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { clientes, solicitudes, usuarios, vendedores } from '../../db/schema';
import { forbidden } from '../../lib/app-error';
import { groupBy } from '../../lib/group-by';
import { assertReachesSeller, inSellers, sellersOfList } from '../../lib/seller-scope';
import type { SessionUser } from '../../plugins/auth';
import { toClientDto } from '../clientes/service';
import { loadRequests } from '../contratos/request-dto';

type ClientWithRequests = Client & { solicitudes: RequestDto[]; contratos: RequestDto[] };

/** A page of clients, then all their requests in one query (no query per client). */
async function clientPage(
  db: Db,
  args: { where: SQL | undefined; requestWhere: SQL; page: number; perPage: number },
): Promise<{ items: ClientWithRequests[]; total: number; page: number; per_page: number }> {
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(clientes)
      .where(args.where)
      .orderBy(asc(clientes.nombre), asc(clientes.id))
      .limit(args.perPage)
      .offset((args.page - 1) * args.perPage),
    db.select({ total: count() }).from(clientes).where(args.where),
  ]);
  const ids = rows.map((row) => row.id);
  const requests = ids.length
    ? await loadRequests(db, {
        where: and(inArray(solicitudes.clienteId, ids), args.requestWhere),
        orderBy: [desc(solicitudes.fechaCreacion), desc(solicitudes.id)],
      })
    : [];
  const byClient = groupBy(requests, (request) => request.cliente_id);
  const items = rows.map((row) => {
    const own = byClient.get(row.id) ?? [];
    return {
      ...toClientDto(row),
      solicitudes: own,
      contratos: own.filter((request) => request.estado === 'contrato'),
    };
  });
  return { items, total, page: args.page, per_page: args.perPage };
}

/** SPEC §7 GET /api/v1/clientes/lista/{sellerId}: clients with their requests and lines. */
export async function listClientsWithRequests(
  db: Db,
  user: SessionUser,
  args: { sellerId: number; page: number; perPage: number },
) {
  const sellers = await sellersOfList(db, user, args.sellerId);
  return clientPage(db, {
    where: inSellers(clientes.vendedorId, sellers),
    requestWhere: inArray(solicitudes.estado, ['solicitud', 'contrato']),
    page: args.page,
    perPage: args.perPage,
  });
}

/** SPEC §7 GET /api/v1/contratos/lista/{sellerId}: clients that have contracts, with them. */
export async function listClientsWithContracts(
  db: Db,
  user: SessionUser,
  args: { sellerId: number; page: number; perPage: number },
) {
  const sellers = await sellersOfList(db, user, args.sellerId);
  const hasContract = exists(
    db
      .select({ id: solicitudes.id })
      .from(solicitudes)
      .where(and(eq(solicitudes.clienteId, clientes.id), eq(solicitudes.estado, 'contrato'))),
  );
  return clientPage(db, {
    where: and(inSellers(clientes.vendedorId, sellers), hasContract),
    requestWhere: eq(solicitudes.estado, 'contrato'),
    page: args.page,
    perPage: args.perPage,
  });
}

/** SPEC §7 GET /api/vendedor/list/{promotorId}: the sellers a supervisor leads. */
export async function listSellersOf(db: Db, user: SessionUser, supervisorId: number) {
  if (user.rol === 'supervisor' && supervisorId !== user.id) throw forbidden(CONTRACT_MESSAGES.vendedorAjeno);
  // An administrator asking for their own id (they lead no team) sees every seller.
  const isEveryone = user.rol === 'administrador' && supervisorId === user.id;
  return db
    .select({
      id: vendedores.id,
      usuario: vendedores.nombre,
      email: vendedores.email,
      telefono: vendedores.telefono,
    })
    .from(vendedores)
    .innerJoin(usuarios, eq(usuarios.id, vendedores.id))
    .where(isEveryone ? eq(usuarios.rol, 'vendedor') : eq(vendedores.supervisorId, supervisorId))
    .orderBy(asc(vendedores.nombre));
}

/** SPEC §7 GET /api/vendedor/contratos/{vendedorId}: a seller's requests and contracts. */
export async function listSellerContracts(db: Db, user: SessionUser, sellerId: number) {
  await assertReachesSeller(db, user, sellerId, CONTRACT_MESSAGES.vendedorAjeno);
  return loadRequests(db, {
    where: and(eq(solicitudes.vendedorId, sellerId), inArray(solicitudes.estado, ['solicitud', 'contrato'])),
    orderBy: [desc(solicitudes.fechaCreacion), desc(solicitudes.id)],
  });
}
