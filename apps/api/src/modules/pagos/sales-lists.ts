import { and, count, desc, eq, gte, inArray, lt, sql, type Column } from 'drizzle-orm';
import {
  formatCsvAmount,
  MSG,
  PAYMENT_STATE_LABELS,
  paymentConcept,
  serviceLabel,
  VERIFICATION_STATE_LABELS,
  type CsvCell,
  type PaymentHistoryListQuery,
  type PaymentReport,
  type PaymentReportsListQuery,
  type RequestDto,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { clientes, pagos, solicitudes } from '../../db/schema';
import { orEmpty, searchText } from '../../db/schema/search-text';
import { badRequest } from '../../lib/app-error';
import { businessDayStart, nextBusinessDayStart } from '../../lib/business-time';
import { csvDay } from '../../lib/csv-day';
import { orderOf, searchable, searchCondition, type SortedList } from '../../lib/list-tools';
import { inSellers } from '../../lib/seller-scope';
import { loadRequests, newestFirst, sellerRequestsPage } from '../contratos/request-dto';
import { selectPayments, toPaymentDto } from './queries';

// Issue 15 (decision 032): search, order, filters and CSV of the seller's 'Reporte de pagos' and 'Historial de
// pagos'. The sellers come from lib/seller-scope.ts, so a seller's search and CSV hold only their own rows.

/** The texts of the global search's trigram indexes (decision 028), written the same way so PostgreSQL reads them. */
const clientText = searchText(
  clientes.nombre,
  clientes.cedula,
  orEmpty(clientes.telefono),
  orEmpty(clientes.celular),
);
const requestText = searchText(solicitudes.numeroSolicitud, orEmpty(solicitudes.numeroContrato));

/** The 'Reporte de pagos' filter's words as SPEC §7 names them, and the state each keeps. */
const PAYMENT_STATE_FILTER = {
  pendiente: 'pendiente',
  pagados: 'pagado',
  pagado: 'pagado',
  inicial_pagada: 'inicial_pagada',
} as const;

function dayRange(column: Column, desde?: string, hasta?: string) {
  if (desde && hasta && desde > hasta) throw badRequest(MSG.rangoFechasInvalido);
  return and(
    desde ? gte(column, businessDayStart(desde)) : undefined,
    hasta ? lt(column, nextBusinessDayStart(hasta)) : undefined,
  );
}

/**
 * SPEC §7 GET /api/reporte-pagos/solicitudes/{vendedorId}: the requests and contracts of `sellers`, newest first
 * unless `orden` says otherwise, found by client (name, cédula, phone) or number, filtered by payment state,
 * service and creation day.
 */
export function paymentReportsList({
  db,
  sellers,
  query,
}: {
  db: Db;
  sellers: number[] | 'all';
  query: Partial<PaymentReportsListQuery>;
}): SortedList<RequestDto> {
  const search = searchCondition(query.q, [clientText, requestText]);
  const where = and(
    inArray(solicitudes.estado, ['solicitud', 'contrato']),
    inSellers(solicitudes.vendedorId, sellers),
    query.estado_pago && query.estado_pago !== 'todos'
      ? eq(solicitudes.estadoPago, PAYMENT_STATE_FILTER[query.estado_pago])
      : undefined,
    query.servicio ? eq(solicitudes.tipoServicio, query.servicio) : undefined,
    dayRange(solicitudes.fechaCreacion, query.desde, query.hasta),
    search,
  );
  // SPEC §7's own list of one seller, with no word of issue 15: its page is a prepared statement (decision 041).
  const isPlain = !query.q && !query.orden && !query.servicio && !query.desde && !query.hasta;
  const isAllStates = !query.estado_pago || query.estado_pago === 'todos';
  const onlySeller =
    isPlain && isAllStates && Array.isArray(sellers) && sellers.length === 1 ? sellers[0] : undefined;
  const order = orderOf(
    query.orden,
    {
      fecha: solicitudes.fechaCreacion,
      numero: solicitudes.numeroSolicitud,
      cliente: searchText(clientes.nombre),
      servicio: solicitudes.tipoServicio,
      monto: solicitudes.precioConDescuento,
      estado_pago: solicitudes.estadoPago,
    },
    solicitudes.id,
    newestFirst,
  );
  return {
    count: async () => {
      // The client is joined only when the search reads it: the count of SPEC §7's list stays on one table.
      const base = db.select({ total: count() }).from(solicitudes);
      const [row] = await (
        search ? base.innerJoin(clientes, eq(clientes.id, solicitudes.clienteId)) : base
      ).where(where);
      return row?.total ?? 0;
    },
    rows: (window) =>
      onlySeller !== undefined
        ? sellerRequestsPage(db, onlySeller, window)
        : loadRequests({ db, where, orderBy: order, ...window }),
  };
}

/** A row of PAYMENT_REPORT_CSV_HEADER. */
export function paymentReportCsvRow(request: RequestDto): CsvCell[] {
  return [
    request.numero_solicitud,
    request.numero_contrato,
    request.cliente.nombre,
    request.cliente.cedula,
    serviceLabel(request.tipo_servicio),
    csvDay(request.fecha_creacion),
    request.estado === 'solicitud' ? csvDay(request.fecha_vencimiento) : null,
    request.modalidadPago,
    request.items_adicionales.metodoPago,
    formatCsvAmount(request.items_adicionales.descuento),
    formatCsvAmount(request.items_adicionales.precioConDescuento),
    formatCsvAmount(request.precioPlan),
    PAYMENT_STATE_LABELS[request.estadoPago] ?? request.estadoPago,
  ];
}

/**
 * /ventas/historial-pagos (GET /api/v1/pagos/historial): the payments of `sellers`, newest first unless `orden`
 * says otherwise, found by client, number or bank reference, filtered by verification and payment day.
 */
export function paymentHistoryList({
  db,
  sellers,
  query,
}: {
  db: Db;
  sellers: number[] | 'all';
  query: Partial<PaymentHistoryListQuery>;
}): SortedList<PaymentReport> {
  const search = searchCondition(query.q, [clientText, requestText, searchable(pagos.referencia)]);
  const where = and(
    inSellers(pagos.vendedorId, sellers),
    query.verificacion ? eq(pagos.estadoVerificacion, query.verificacion) : undefined,
    dayRange(pagos.fechaPago, query.desde, query.hasta),
    search,
  );
  const order = orderOf(
    query.orden,
    {
      fecha: pagos.fechaPago,
      numero: sql`coalesce(${solicitudes.numeroContrato}, ${solicitudes.numeroSolicitud})`,
      cliente: searchText(clientes.nombre),
      monto: pagos.montoPagado,
    },
    pagos.id,
    [desc(pagos.fechaPago), desc(pagos.id)],
  );
  return {
    count: async () => {
      const base = db.select({ total: count() }).from(pagos);
      const [row] = await (
        search
          ? base
              .innerJoin(solicitudes, eq(solicitudes.id, pagos.solicitudId))
              .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
          : base
      ).where(where);
      return row?.total ?? 0;
    },
    rows: async ({ limit, offset }) =>
      (
        await selectPayments(db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map((row) => toPaymentDto(row.payment, row.request, row.cliente, row.instalment)),
  };
}

/** A row of PAYMENT_HISTORY_CSV_HEADER. */
export function paymentHistoryCsvRow(payment: PaymentReport): CsvCell[] {
  return [
    csvDay(payment.fecha_pago),
    payment.numero_contrato ?? payment.numero_solicitud,
    payment.cliente,
    paymentConcept(payment),
    payment.metodo_pago,
    formatCsvAmount(payment.monto_pagado),
    formatCsvAmount(payment.divisas),
    formatCsvAmount(payment.bolivares),
    payment.referencia,
    PAYMENT_STATE_LABELS[payment.estado_pago] ?? payment.estado_pago,
    payment.estado_verificacion ? VERIFICATION_STATE_LABELS[payment.estado_verificacion] : null,
  ];
}

/** The page answer SPEC §7 gives these lists: `{ items, total, page, per_page }`. */
export async function pageOf<Row>(list: SortedList<Row>, page: number, perPage: number) {
  const [items, total] = await Promise.all([
    list.rows({ limit: perPage, offset: (page - 1) * perPage }),
    list.count(),
  ]);
  return { items, total, page, per_page: perPage };
}
