import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CONTRACT_MESSAGES,
  formatCsvAmount,
  fromCents,
  serviceLabel,
  toCents,
  type CsvCell,
  type FinancedContractsQuery,
  type RequestDto,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { clientes, solicitudes, vendedores } from '../../db/schema';
import type { SessionUser } from '../../lib/actor';
import { forbidden } from '../../lib/app-error';
import { businessDate } from '../../lib/business-time';
import { orderOf, type SortedList } from '../../lib/list-tools';
import { inSellers, reachableSellerIds } from '../../lib/seller-scope';
import { loadRequests } from '../contratos/request-dto';
import { clientOrContractSearch, withinBusinessDays } from './list-search';

// Issue 15 (decision 032) on Historial de Cuotas / Reporte de Cuotas: the financed contracts one reaches, searched,
// filtered and sorted. Without any of these words the route keeps its own list (listFinancedContracts: the page
// map and the rollup's count, issue 12); with them, this one.

/** Whether the query asks for more than the plain list (and so is answered here). */
export const asksForListTools = (query: FinancedContractsQuery) =>
  Boolean(
    query.q ||
    query.orden ||
    query.formato === 'csv' ||
    query.vendedor_id !== undefined ||
    query.servicio ||
    query.desde ||
    query.hasta,
  );

export async function financedContractsList({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: SessionUser;
  query: FinancedContractsQuery;
}): Promise<SortedList<RequestDto>> {
  const sellers = await reachableSellerIds(db, actor);
  // A seller out of one's reach is refused, as every seller-filtered list does, rather than answered empty.
  if (query.vendedor_id !== undefined && sellers !== 'all' && !sellers.includes(query.vendedor_id)) {
    throw forbidden(CONTRACT_MESSAGES.vendedorAjeno);
  }
  const where = and(
    eq(solicitudes.estado, 'contrato'),
    eq(solicitudes.modalidadPago, 'Financiado'),
    inSellers(solicitudes.vendedorId, sellers),
    query.vendedor_id === undefined ? undefined : eq(solicitudes.vendedorId, query.vendedor_id),
    query.servicio ? eq(solicitudes.tipoServicio, query.servicio) : undefined,
    ...withinBusinessDays(solicitudes.fechaCreacion, query.desde, query.hasta),
    clientOrContractSearch(query.q),
  );
  const order: SQL[] = orderOf(
    query.orden,
    {
      numero_contrato: solicitudes.numeroContrato,
      cliente: sql`lower(${clientes.nombre})`,
      vendedor: sql`lower(${vendedores.nombre})`,
      fecha_creacion: solicitudes.fechaCreacion,
      servicio: solicitudes.tipoServicio,
      precio_con_descuento: solicitudes.precioConDescuento,
      precio_plan: solicitudes.precioPlan,
    },
    solicitudes.id,
    // The plain list's order: newest conversion first.
    [desc(solicitudes.fechaConversion), desc(solicitudes.id)],
  );
  return {
    count: async () => {
      const [row] = await db
        .select({ total: count() })
        .from(solicitudes)
        .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
        .where(where);
      return row?.total ?? 0;
    },
    rows: (window) => loadRequests({ db, where, orderBy: order, ...window }),
  };
}

/** The contract's initial payment: the sum of its lines', in whole cents (as the screen adds it). */
const initialOf = (contract: RequestDto) =>
  fromCents(contract.detalles.reduce((total, line) => total + toCents(line.pagoInicial), 0));

/** A row of the CSV: the screen's columns (and the client's cédula), amounts with the decimal comma. */
export function financedContractCsvRow(contract: RequestDto): CsvCell[] {
  return [
    contract.numero_contrato ?? contract.numero_solicitud,
    contract.vendedor_nombre,
    contract.cliente.nombre,
    contract.cliente.cedula,
    businessDate(new Date(contract.fecha_creacion)),
    serviceLabel(contract.tipo_servicio),
    formatCsvAmount(initialOf(contract)),
    formatCsvAmount(contract.items_adicionales.precioConDescuento),
    formatCsvAmount(contract.precioPlan),
  ];
}
