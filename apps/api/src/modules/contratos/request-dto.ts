import { desc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  fromCents,
  repriceRequestIfPossible,
  type MethodPrice,
  type MetodoPago,
  type RequestDto,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { isoInstant } from '../../db/instants';
import { selectRows } from '../../db/rows';
import { codeWords, preparedRows } from '../../lib/prepared-once';
import { solicitudes, type solicitudDetalles } from '../../db/schema';
import { storedQuote } from '../solicitudes/amounts';

const amount = (value: string) => Number(value);

type StoredLine = typeof solicitudDetalles.$inferSelect;

/**
 * A request row as the list statement returns it: plain columns, and its lines as the JSON array the lines'
 * trigger keeps ready in `resumen_detalles` (migration 0015), each line with the names and text amounts of
 * Drizzle's row, so the pricing rule reads it as it reads any line. Instants are PostgreSQL's text on either
 * database: Drizzle's node-postgres session leaves them as text, and on PGlite the rows come as one JSON page.
 */
export type RequestRow = {
  id: number;
  numero_solicitud: string;
  numero_contrato: string | null;
  cliente_id: number;
  vendedor_id: number;
  supervisor_id: number | null;
  tipo_servicio: string;
  descripcion: string | null;
  fecha_creacion: Date | string;
  fecha_vencimiento: Date | string;
  fecha_conversion: Date | string | null;
  estado: string;
  estado_pago: string;
  modalidad_pago: string;
  metodo_pago: string;
  precio_plan: string;
  monto_total: string;
  descuento: string;
  precio_con_descuento: string;
  email_enviado: boolean;
  vendedor_nombre: string;
  cliente_nombre: string;
  cliente_cedula: string;
  cliente_celular: string | null;
  cliente_telefono: string | null;
  detalles: StoredLine[] | string;
};

// Plain text, built once: Drizzle would rebuild these thirty column references on every call.
const REQUEST_COLUMNS =
  sql.raw(`select solicitudes.id, solicitudes.numero_solicitud, solicitudes.numero_contrato,
  solicitudes.cliente_id, solicitudes.vendedor_id, solicitudes.supervisor_id, solicitudes.tipo_servicio,
  solicitudes.descripcion, solicitudes.fecha_creacion, solicitudes.fecha_vencimiento, solicitudes.fecha_conversion,
  solicitudes.estado, solicitudes.estado_pago, solicitudes.modalidad_pago, solicitudes.metodo_pago,
  solicitudes.precio_plan::text as precio_plan, solicitudes.monto_total::text as monto_total,
  solicitudes.descuento::text as descuento, solicitudes.precio_con_descuento::text as precio_con_descuento,
  solicitudes.email_enviado, vendedores.nombre as vendedor_nombre, clientes.nombre as cliente_nombre,
  clientes.cedula as cliente_cedula, clientes.celular as cliente_celular, clientes.telefono as cliente_telefono,
  coalesce(resumen_detalles.detalles, '[]') as detalles`);

// Newest first, then id: a unique order, so pages and keyset batches never skip nor repeat a row.
export const newestFirst = [desc(solicitudes.fechaCreacion), desc(solicitudes.id)];

/**
 * The requests after the one of id `lastId` in that order (a number, or a placeholder of a prepared statement);
 * its instant is read from the row (microseconds, not the DTO's ms).
 */
const createdAfter = (lastId: number | Placeholder) =>
  sql`(${solicitudes.fechaCreacion}, ${solicitudes.id}) <
    (select k.fecha_creacion, k.id from ${solicitudes} k where k.id = ${lastId})`;

/** A page's window: numbers, or placeholders of a prepared statement (which then always reads its ids first). */
type Window = number | Placeholder;
/** A page of requests; `columns`, more columns after the request's own (the income summary's paid total). */
export type RequestsPage = { where?: SQL; orderBy: SQL[]; limit?: Window; offset?: Window; columns?: SQL };

/**
 * Requests with their client, seller and lines in ONE statement whatever the page size (no query per row). Each
 * request's lines are read ready-made from `resumen_detalles`: gathering them per page was half of the statement
 * (1.4 → 0.45 ms for 25 rows at 100,000 contracts, issue 12). Written in SQL rather than with Drizzle's builder,
 * whose query building and per-column row mapping cost more than the statement itself on the hot lists.
 * `where` and `orderBy` (Drizzle conditions on `solicitudes`, `clientes`, `vendedores`), `limit` and `offset`
 * select the page. With an offset the page's ids are chosen first, in a subquery without the joins the page
 * shows: PostgreSQL builds a row before OFFSET drops it, so each row skipped would be joined for nothing.
 */
export async function loadRequests({ db, ...page }: { db: Db } & RequestsPage): Promise<RequestDto[]> {
  return (await selectRows<RequestRow>(db, requestsStatement(page))).map(toRequestDto);
}

/**
 * loadRequests' statement of one page shape, whose `where` holds placeholders (`sql.placeholder`), built once per
 * database under `name` and sent as a named prepared statement (lib/prepared-once.ts): the page statement was the
 * most expensive to plan of a list's three (0.9 ms of PostgreSQL's CPU), and Drizzle built it on every page.
 * `shape` runs on the first call only, so later pages build nothing.
 */
export function preparedRequests(db: Db, name: string, shape: () => RequestsPage & { where: SQL }) {
  const statement = preparedRows<RequestRow>(db, name, () => requestsStatement(shape()));
  return {
    execute: async (values: Record<string, unknown>) => (await statement.execute(values)).map(toRequestDto),
  };
}

// One seller's requests and contracts (vendedor/contratos, Reporte de pagos without search or filters).
const ofSeller = () =>
  sql`${solicitudes.vendedorId} = ${sql.placeholder('vendedor')}
    and ${solicitudes.estado} in (${codeWords(['solicitud', 'contrato'])})`;

/**
 * A page of one seller's requests and contracts, newest first, by one prepared statement whose plan PostgreSQL
 * keeps (decision 041).
 */
export function sellerRequestsPage(db: Db, sellerId: number, window: { limit: number; offset: number }) {
  const statement = preparedRequests(db, 'solicitudes_de_vendedor', () => ({
    where: ofSeller(),
    orderBy: newestFirst,
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }));
  return statement.execute({ vendedor: sellerId, ...window });
}

/**
 * A keyset batch of the same list for the unpaged answer: after the request `after`, or from the list's start
 * without one. Prepared as the pages are: planning the batch cost PostgreSQL 0.6 ms a call, a tenth of running it
 * for a seller's 563 requests at 100,000 contracts (issue 12).
 */
export function sellerRequestsBatch(db: Db, sellerId: number, after: RequestDto | undefined, size: number) {
  const name = after ? 'solicitudes_de_vendedor_despues' : 'solicitudes_de_vendedor_primeras';
  const statement = preparedRequests(db, name, () => ({
    where: after ? sql`${ofSeller()} and ${createdAfter(sql.placeholder('despues'))}` : ofSeller(),
    orderBy: newestFirst,
    limit: sql.placeholder('limit'),
  }));
  return statement.execute({ vendedor: sellerId, limit: size, despues: after?.id });
}

/**
 * The count of the same list and its version (decision 056): the sum of the seller's changes, and of every seller's
 * (seller 0), that migration 0022's triggers append to `vendedor_cambios` in the transaction of each change to what
 * the list shows. With the log's file, which a truncation of the log itself replaces (a backup's load, with the
 * triggers off, truncates every table). Prepared as the batches are.
 */
export async function sellerRequestsVersion(db: Db, sellerId: number) {
  const statement = preparedRows<{ total: number; version: string }>(
    db,
    'solicitudes_de_vendedor_version',
    () => sql`select (select count(*)::int from solicitudes where ${ofSeller()}) as total,
      pg_relation_filenode('vendedor_cambios')::text || ':' || (select coalesce(sum(cambios), 0)
        from vendedor_cambios where vendedor_id in (${sql.placeholder('vendedor')}, 0))::text as version`,
  );
  const [row] = await statement.execute({ vendedor: sellerId });
  return row!;
}

export function requestsStatement(page: RequestsPage): SQL {
  const joins = sql`from solicitudes
    join clientes on clientes.id = solicitudes.cliente_id
    join vendedores on vendedores.id = solicitudes.vendedor_id
    left join resumen_detalles on resumen_detalles.solicitud_id = solicitudes.id`;
  // Every request has its client and seller (not null, foreign keys), so left joins choose the same rows; and
  // PostgreSQL drops a left join on a primary key that the filter and order do not read, where it must run an
  // inner one: a seller's page 12 looked up 300 clients to skip 275 rows (0.9 → 0.6 ms, issue 12).
  const idJoins = sql`from solicitudes
    left join clientes on clientes.id = solicitudes.cliente_id
    left join vendedores on vendedores.id = solicitudes.vendedor_id`;
  const orderBy = page.orderBy.length ? sql`order by ${sql.join(page.orderBy, sql`, `)}` : sql``;
  const window = sql`${page.limit !== undefined ? sql`limit ${page.limit}` : sql``}
    ${page.offset !== undefined ? sql`offset ${page.offset}` : sql``}`;
  const where = page.where ? sql`where ${page.where}` : sql``;
  const columns = page.columns ? sql`${REQUEST_COLUMNS}, ${page.columns}` : REQUEST_COLUMNS;
  return page.offset
    ? sql`${columns} ${joins}
        where solicitudes.id = any(array(select solicitudes.id ${idJoins} ${where} ${orderBy} ${window}))
        ${orderBy}`
    : sql`${columns} ${joins} ${where} ${orderBy} ${window}`;
}

export function toRequestDto(row: RequestRow): RequestDto {
  const lines = typeof row.detalles === 'string' ? (JSON.parse(row.detalles) as StoredLine[]) : row.detalles;
  return {
    id: row.id,
    numero_solicitud: row.numero_solicitud,
    numero_contrato: row.numero_contrato,
    cliente_id: row.cliente_id,
    vendedor_id: row.vendedor_id,
    supervisor_id: row.supervisor_id,
    tipo_servicio: row.tipo_servicio,
    descripcion: row.descripcion,
    fecha_creacion: isoInstant(row.fecha_creacion),
    fecha_vencimiento: isoInstant(row.fecha_vencimiento),
    fecha_conversion: row.fecha_conversion === null ? null : isoInstant(row.fecha_conversion),
    estado: row.estado,
    estadoPago: row.estado_pago,
    modalidadPago: row.modalidad_pago,
    precioPlan: amount(row.precio_plan),
    monto_total: amount(row.monto_total),
    items_adicionales: {
      metodoPago: row.metodo_pago,
      descuento: amount(row.descuento),
      precioConDescuento: amount(row.precio_con_descuento),
    },
    email_enviado: row.email_enviado,
    vendedor_nombre: row.vendedor_nombre,
    cliente: {
      nombre: row.cliente_nombre,
      cedula: row.cliente_cedula,
      celular: row.cliente_celular,
      telefono: row.cliente_telefono,
    },
    detalles: lines.map((line) => ({
      id: line.id,
      codigo: line.codigo,
      descripcion: line.descripcion,
      tipo_servicio: line.tipoServicio,
      modalidadPago: line.modalidadPago,
      metodoPago: line.metodoPago,
      tipo_moneda: line.tipoMoneda,
      pagoInicial: amount(line.pagoInicial),
      cuotas: line.cuotas,
      montoPorCuotas: amount(line.montoPorCuota),
      montoPorCuota: amount(line.montoPorCuota),
      precioFinanciado: amount(line.precioFinanciado),
      descuento: amount(line.descuento),
      precioConDescuento: amount(line.precioConDescuento),
      precioPlan: amount(line.precioPlan),
      precioTotal: amount(line.precioTotal),
      estadoPago: line.estadoPago,
      detalles_adicionales: line.detallesAdicionales ?? null,
    })),
    precios_por_metodo: pricesByMethod(row.modalidad_pago, lines),
  };
}

function pricesByMethod(modalidad: string, lines: StoredLine[]) {
  const priced = lines.map(storedQuote);
  const inCurrency = (method: MetodoPago): MethodPrice | null => {
    const price = repriceRequestIfPossible(priced, modalidad, method);
    return price
      ? {
          monto_total: fromCents(price.amounts.montoTotal),
          descuento: fromCents(price.amounts.descuento),
          monto_a_pagar: fromCents(price.dueNow),
        }
      : null;
  };
  return { USD: inCurrency('USD'), VES: inCurrency('VES') };
}
