import { and, count, desc, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  formatCsvAmount,
  serviceLabel,
  type CsvCell,
  type ContractListWords,
  type Modalidad,
  type RequestDto,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { clientes, solicitudes, vendedores } from '../../db/schema';
import { foldForSearch, orEmpty, searchText } from '../../db/schema/search-text';
import { businessDate, businessDayStart, nextBusinessDayStart } from '../../lib/business-time';
import { escapeLike, orderOf, type SortedList } from '../../lib/list-tools';
import { loadRequests } from './request-dto';

// Issue 15 (decision 032) on the administration's contract lists. Without q, orden or a filter, each route keeps
// its page-map path of queries.ts / history-queries.ts (issue 12); with any of them, the rows come from here: the
// same requests with their lines (loadRequests), filtered, in the chosen order, paged by OFFSET.

type RequestState = (typeof solicitudes.$inferSelect)['estado'];

// The very expressions of the trigram indexes of migration 0008 (decision 028), so PostgreSQL reads them.
const requestNumberText = searchText(solicitudes.numeroSolicitud, orEmpty(solicitudes.numeroContrato));
const clientText = searchText(
  clientes.nombre,
  clientes.cedula,
  orEmpty(clientes.telefono),
  orEmpty(clientes.celular),
);

/**
 * The requests whose number, or whose client's name, cédula or phone, holds `q` (case and accents ignored).
 * Written as ids of two index reads — the requests' numbers, then the requests of the clients found
 * (solicitudes_cliente_idx) — rather than an OR over the join, which would read every request.
 */
function searchRequests(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(foldForSearch(q))}%`;
  return sql`${solicitudes.id} in (
    select ${solicitudes.id} from ${solicitudes} where ${requestNumberText} like ${pattern}
    union
    select ${solicitudes.id} from ${solicitudes} where ${solicitudes.clienteId} in (
      select ${clientes.id} from ${clientes} where ${clientText} like ${pattern}))`;
}

/** Text columns sort in lower case, so 'ana' and 'Ana' sit together. */
const lower = (column: SQLWrapper) => sql`lower(${column})`;

/** What each `orden` value sorts by (loadRequests joins clientes and vendedores). */
const SORT_COLUMNS = {
  numero_solicitud: solicitudes.numeroSolicitud,
  numero_contrato: solicitudes.numeroContrato,
  cliente: lower(clientes.nombre),
  vendedor: lower(vendedores.nombre),
  tipo_servicio: solicitudes.tipoServicio,
  fecha_creacion: solicitudes.fechaCreacion,
  fecha_vencimiento: solicitudes.fechaVencimiento,
  monto_total: solicitudes.montoTotal,
  precio_plan: solicitudes.precioPlan,
  modalidad_pago: solicitudes.modalidadPago,
  metodo_pago: solicitudes.metodoPago,
  estado: solicitudes.estado,
} satisfies Record<string, SQLWrapper>;
type SortColumn = keyof typeof SORT_COLUMNS;

/** Each list's own order (SPEC §7), kept when no `orden` is given. */
export type DefaultOrder = 'fecha_creacion' | 'fecha_conversion' | 'fecha_vencimiento';
const DEFAULT_ORDERS: Record<DefaultOrder, SQL[]> = {
  fecha_creacion: [desc(solicitudes.fechaCreacion), desc(solicitudes.id)],
  fecha_conversion: [desc(solicitudes.fechaConversion), desc(solicitudes.id)],
  fecha_vencimiento: [desc(solicitudes.fechaVencimiento), desc(solicitudes.id)],
};

/** The filter of a contract list: its states (and modality), then the words of issue 15. */
export function contractListWhere({
  states,
  modalidad,
  query,
}: {
  states: RequestState[];
  modalidad?: Modalidad;
  query: ContractListWords;
}): SQL | undefined {
  return and(
    inArray(solicitudes.estado, states),
    modalidad ? eq(solicitudes.modalidadPago, modalidad) : undefined,
    query.tipo_servicio ? eq(solicitudes.tipoServicio, query.tipo_servicio) : undefined,
    query.vendedor ? eq(solicitudes.vendedorId, query.vendedor) : undefined,
    // 'Fecha de Creación', the date every one of these screens shows, as business days in Caracas.
    query.desde ? gte(solicitudes.fechaCreacion, businessDayStart(query.desde)) : undefined,
    query.hasta ? lt(solicitudes.fechaCreacion, nextBusinessDayStart(query.hasta)) : undefined,
    searchRequests(query.q),
  );
}

/** A contract list's rows in the chosen order (then id), or in the list's own one. */
export function contractSortedList({
  db,
  where,
  orden,
  defaultOrder,
}: {
  db: Db;
  where: SQL | undefined;
  orden: string | undefined;
  defaultOrder: DefaultOrder;
}): SortedList<RequestDto> {
  const orderBy = orderOf<SortColumn>(orden, SORT_COLUMNS, solicitudes.id, DEFAULT_ORDERS[defaultOrder]);
  return {
    count: async () => {
      const [row] = await db.select({ total: count() }).from(solicitudes).where(where);
      return row?.total ?? 0;
    },
    rows: ({ limit, offset }) => loadRequests({ db, where, orderBy, limit, offset }),
  };
}

/** The sum of monto_total of the filter, in exact decimals (the histories' X-Sum-Monto-Total). */
export async function contractAmountSum(db: Db, where: SQL | undefined): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`round(coalesce(sum(${solicitudes.montoTotal}), 0), 2)::text` })
    .from(solicitudes)
    .where(where);
  return row?.sum ?? '0.00';
}

const day = (iso: string) => businessDate(new Date(iso));
const stateLabel = (estado: string) => estado.toUpperCase();

/** REQUESTS_TO_CONVERT_CSV_HEADER. */
export const requestToConvertCsvRow = (request: RequestDto): CsvCell[] => [
  request.numero_solicitud,
  request.cliente.nombre,
  request.cliente.cedula,
  request.vendedor_nombre,
  serviceLabel(request.tipo_servicio),
  day(request.fecha_creacion),
  formatCsvAmount(request.monto_total),
  request.modalidadPago,
  stateLabel(request.estado),
];

/** ACTIVE_CONTRACTS_CSV_HEADER. */
export const activeContractCsvRow = (contract: RequestDto): CsvCell[] => [
  contract.numero_contrato,
  contract.vendedor_nombre,
  contract.cliente.nombre,
  contract.cliente.cedula,
  serviceLabel(contract.tipo_servicio),
  contract.items_adicionales.metodoPago,
  day(contract.fecha_creacion),
  stateLabel(contract.estado),
  formatCsvAmount(contract.monto_total),
];

/** EXPIRED_REQUESTS_CSV_HEADER. */
export const expiredRequestCsvRow = (request: RequestDto): CsvCell[] => [
  request.numero_solicitud,
  request.cliente.nombre,
  request.cliente.cedula,
  request.cliente.celular ?? request.cliente.telefono,
  request.vendedor_nombre,
  serviceLabel(request.tipo_servicio),
  day(request.fecha_creacion),
  day(request.fecha_vencimiento),
  stateLabel(request.estado),
];

/** CONTRACT_HISTORY_CSV_HEADER. */
export const contractHistoryCsvRow = (contract: RequestDto): CsvCell[] => [
  contract.numero_contrato,
  contract.cliente.nombre,
  contract.cliente.cedula,
  contract.vendedor_nombre,
  serviceLabel(contract.tipo_servicio),
  day(contract.fecha_creacion),
  contract.items_adicionales.metodoPago,
  formatCsvAmount(contract.detalles[0]?.pagoInicial ?? 0),
  formatCsvAmount(contract.precioPlan),
  formatCsvAmount(contract.monto_total),
];
