import {
  fromCents,
  type MetodoPago,
  type Modalidad,
  type Quote,
  type QuoteRequestInput,
  type RequestInput,
} from '@camposanto/domain';

/** SPEC §3 Budget item: one line of RESUMEN DE SOLICITUD DEL CONTRATO, with the previewed amounts. */
export interface BudgetItem {
  key: number;
  tipo_servicio: string;
  plan_id: number;
  descripcion: string;
  codigo: string | null;
  modalidadPago: Modalidad;
  metodoPago: MetodoPago;
  pagoInicial: number;
  cuotas: number;
  montoPorCuotas: number;
  precioFinanciado: number;
  descuento: number;
  precioConDescuento: number;
  precioPlan: number;
  precioTotal: number;
}

let nextKey = 1;

export function budgetItemOf(args: {
  service: string;
  planId: number;
  descripcion: string;
  codigo: string | null;
  quote: Quote;
}): BudgetItem {
  const q = args.quote;
  return {
    key: nextKey++,
    tipo_servicio: args.service,
    plan_id: args.planId,
    descripcion: args.descripcion,
    codigo: args.codigo,
    modalidadPago: q.modalidad,
    metodoPago: q.metodo,
    pagoInicial: fromCents(q.pagoInicial),
    cuotas: q.cuotas,
    montoPorCuotas: fromCents(q.montoPorCuota),
    precioFinanciado: fromCents(q.precioFinanciado),
    descuento: fromCents(q.descuento),
    precioConDescuento: fromCents(q.precioConDescuento),
    precioPlan: fromCents(q.precioPlan),
    precioTotal: fromCents(q.precioTotal),
  };
}

/**
 * SPEC §7 POST /api/v1/solicitudes/: one request per budget line, so each line keeps its own modality and
 * becomes its own contract. The line names its plan (plan_id); its amounts are only compared by the server.
 */
export function toRequests(items: readonly BudgetItem[], clientId: number): RequestInput[] {
  return items.map(({ key: _key, tipo_servicio, descripcion, modalidadPago, codigo, ...line }) => ({
    cliente_id: clientId,
    tipo_servicio,
    descripcion,
    modalidadPago,
    detalles: [
      {
        ...line,
        tipo_servicio,
        descripcion,
        modalidadPago,
        codigo,
        tipo_moneda: line.metodoPago,
        detalles_adicionales: { descripcion, modalidadPago },
      },
    ],
  }));
}

/**
 * Issue 14 §1 POST /api/v1/pdf/presupuesto: the budget as one quote, its lines exactly as 'Guardar Solicitud'
 * would send them (the server prices each line again; no client is named before the request is saved).
 */
export function toQuoteRequest(items: readonly BudgetItem[]): QuoteRequestInput {
  const [first] = items;
  return {
    tipo_servicio: first?.tipo_servicio ?? '',
    modalidadPago: first?.modalidadPago ?? 'De Contado',
    detalles: toRequests(items, 0).flatMap((request) => request.detalles),
  };
}
