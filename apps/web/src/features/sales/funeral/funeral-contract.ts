import {
  fromCents,
  funeralQuote,
  PricingError,
  type FuneralExtras,
  type FuneralPlan,
  type FuneralQuote,
  type MetodoPago,
  type QuoteRequestInput,
} from '@camposanto/domain';
import type { DeceasedPayload, FuneralRequestPayload } from '../../../api/requests/create-funeral-request';

/** What 'Añadir Contrato' puts in the summary: the wake room, its extras and their prices then. */
export interface FuneralContract {
  plan: FuneralPlan;
  extras: FuneralExtras;
  metodo: MetodoPago;
  quote: FuneralQuote;
}

/** DESIGN §4.2: the price the server will charge, from the same domain rule; undefined if it has none. */
export function previewFuneral(
  plan: FuneralPlan | undefined,
  extras: FuneralExtras,
): FuneralQuote | undefined {
  if (!plan) return undefined;
  try {
    return funeralQuote(plan, extras);
  } catch (error) {
    if (error instanceof PricingError) return undefined;
    throw error;
  }
}

/** SPEC §3 Funeral request fields of DATOS DEL DIFUNTO and DATOS DE DEFUNCIÓN, as typed. */
export interface DeceasedDraft {
  nombre: string;
  cedula: string;
  fecha_nacimiento: string;
  parentesco: string;
  fecha_defuncion: string;
  causa: string;
  direccion: string;
}

export const EMPTY_DECEASED: DeceasedDraft = {
  nombre: '',
  cedula: '',
  fecha_nacimiento: '',
  parentesco: '',
  fecha_defuncion: '',
  causa: '',
  direccion: '',
};

const orNull = (text: string) => text.trim() || null;

export function toDeceasedPayload(deceased: DeceasedDraft): DeceasedPayload {
  return {
    nombre_difunto: deceased.nombre.trim(),
    cedula_difunto: orNull(deceased.cedula),
    fecha_nac_difunto: orNull(deceased.fecha_nacimiento),
    parentesco_difunto: orNull(deceased.parentesco),
    fecha_defuncion: orNull(deceased.fecha_defuncion),
    causa_defuncion: orNull(deceased.causa),
    direccion_defuncion: orNull(deceased.direccion),
  };
}

/** SPEC §7: the funeral request, a one-item array posted to /api/v1/solicitudes. */
export function toFuneralPayload(
  contract: FuneralContract,
  clientId: number,
  deceased: DeceasedDraft | null,
): FuneralRequestPayload {
  return {
    cliente_id: clientId,
    tipo_servicio: 'Servicio Funerario',
    plan_funerario_id: contract.plan.id,
    tipo_contrato: 'Nuevo Contrato',
    traslado: contract.extras.traslado,
    incluye_preparacion: contract.extras.preparacion,
    incluye_ataud: contract.extras.ataud,
    metodoPago: contract.metodo,
    precioTotal: fromCents(contract.quote.total),
    difuntos: deceased ? [toDeceasedPayload(deceased)] : [],
  };
}

/**
 * Issue 14 §1 POST /api/v1/pdf/presupuesto: the wake room and its extras as a cash quote, before anything is saved
 * (the server prices the plan again; the one line only names the chapel).
 */
export function toFuneralQuote(contract: FuneralContract): QuoteRequestInput {
  const payload = toFuneralPayload(contract, 0, null);
  return {
    tipo_servicio: payload.tipo_servicio,
    modalidadPago: 'De Contado',
    plan_funerario_id: payload.plan_funerario_id,
    traslado: payload.traslado,
    incluye_preparacion: payload.incluye_preparacion,
    incluye_ataud: payload.incluye_ataud,
    detalles: [{ descripcion: contract.plan.tipo_capilla, metodoPago: contract.metodo }],
  };
}
