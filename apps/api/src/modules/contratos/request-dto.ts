import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  fromCents,
  PricingError,
  repriceRequest,
  type MethodPrice,
  type MetodoPago,
  type RequestDto,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { clientes, solicitudDetalles, solicitudes, vendedores } from '../../db/schema';
import { groupBy } from '../../lib/group-by';
import { inChunks } from '../../lib/in-chunks';
import { storedQuote } from '../solicitudes/amounts';

const amount = (value: string) => Number(value);

/**
 * Requests with their client, seller and lines, in two queries whatever the page size (no query per row).
 * `where`, `orderBy`, `limit` and `offset` select the page.
 */
export async function loadRequests(
  db: Db,
  page: { where?: SQL; orderBy: SQL[]; limit?: number; offset?: number },
): Promise<RequestDto[]> {
  let query = db
    .select({
      request: solicitudes,
      // Only what the DTO shows: the client row also holds its address, e-mail and document.
      cliente: {
        nombre: clientes.nombre,
        cedula: clientes.cedula,
        celular: clientes.celular,
        telefono: clientes.telefono,
      },
      vendedorNombre: vendedores.nombre,
    })
    .from(solicitudes)
    .innerJoin(clientes, eq(clientes.id, solicitudes.clienteId))
    .innerJoin(vendedores, eq(vendedores.id, solicitudes.vendedorId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset !== undefined) query = query.offset(page.offset);
  const rows = await query;
  return withLines(db, rows);
}

type Row = {
  request: typeof solicitudes.$inferSelect;
  cliente: Pick<typeof clientes.$inferSelect, 'nombre' | 'cedula' | 'celular' | 'telefono'>;
  vendedorNombre: string;
};

async function withLines(db: Db, rows: Row[]): Promise<RequestDto[]> {
  const ids = rows.map((row) => row.request.id);
  const lines = await inChunks(ids, (chunk) =>
    db
      .select()
      .from(solicitudDetalles)
      .where(inArray(solicitudDetalles.solicitudId, chunk))
      .orderBy(asc(solicitudDetalles.id)),
  );
  const byRequest = groupBy(lines, (line) => line.solicitudId);
  return rows.map(({ request, cliente, vendedorNombre }) => ({
    id: request.id,
    numero_solicitud: request.numeroSolicitud,
    numero_contrato: request.numeroContrato,
    cliente_id: request.clienteId,
    vendedor_id: request.vendedorId,
    supervisor_id: request.supervisorId,
    tipo_servicio: request.tipoServicio,
    descripcion: request.descripcion,
    fecha_creacion: request.fechaCreacion.toISOString(),
    fecha_vencimiento: request.fechaVencimiento.toISOString(),
    fecha_conversion: request.fechaConversion?.toISOString() ?? null,
    estado: request.estado,
    estadoPago: request.estadoPago,
    modalidadPago: request.modalidadPago,
    precioPlan: amount(request.precioPlan),
    monto_total: amount(request.montoTotal),
    items_adicionales: {
      metodoPago: request.metodoPago,
      descuento: amount(request.descuento),
      precioConDescuento: amount(request.precioConDescuento),
    },
    email_enviado: request.emailEnviado,
    vendedor_nombre: vendedorNombre,
    cliente: {
      nombre: cliente.nombre,
      cedula: cliente.cedula,
      celular: cliente.celular,
      telefono: cliente.telefono,
    },
    detalles: (byRequest.get(request.id) ?? []).map((line) => ({
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
    precios_por_metodo: pricesByMethod(request.modalidadPago, byRequest.get(request.id) ?? []),
  }));
}

function pricesByMethod(modalidad: string, lines: (typeof solicitudDetalles.$inferSelect)[]) {
  const priced = lines.map(storedQuote);
  const inCurrency = (metodo: MetodoPago): MethodPrice | null => {
    try {
      const { amounts, dueNow } = repriceRequest(priced, modalidad, metodo);
      return {
        monto_total: fromCents(amounts.montoTotal),
        descuento: fromCents(amounts.descuento),
        monto_a_pagar: fromCents(dueNow),
      };
    } catch (error) {
      if (error instanceof PricingError) return null;
      throw error;
    }
  };
  return { USD: inCurrency('USD'), VES: inCurrency('VES') };
}
