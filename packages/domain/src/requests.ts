import { z } from 'zod';
import { ageOn, CLIENT_MESSAGES } from './clients';
import { isoDate } from './fields';
import { MSG } from './messages';
import { amountNumber, idNumber, integerNumber } from './numbers';
import {
  INICIAL_EXCEDE_COLUMBARIO,
  MAX_CUOTAS,
  MAX_LAPSOS_PREVISIVO,
  PRICING_MESSAGES,
  type PricingError,
} from './pricing';
import { ownEntry } from './records';

export const REQUEST_MESSAGES = {
  planYModalidad: 'Por favor, seleccione un plan y una modalidad.',
  modalidadDistinta: 'La modalidad de pago de cada ítem debe ser la de la solicitud.',
  planNoDisponible: 'El plan seleccionado no existe o no está disponible.',
  montosNoCoinciden:
    'Los montos de la solicitud no coinciden con los precios vigentes. Actualice la página e intente de nuevo.',
  sinDetalles: 'La solicitud debe tener al menos un ítem.',
  parcelaSinPuestos: (codigo: string) => `La parcela ${codigo} no tiene puestos disponibles.`,
  parcelaNoEncontrada: (codigo: string) => `No se encontró la parcela con código ${codigo}.`,
  nichoOcupado: 'El nicho seleccionado está ocupado. Por favor, elija otro.',
  nichoReservado: (codigo: string) => `El nicho ${codigo} está reservado por otra solicitud.`,
  nichoSinDisponibilidad: 'El nicho seleccionado no tiene disponibilidad.',
  nichoNoEncontrado: 'No se encontraron datos para el código ingresado.',
  codigoRequerido: 'Indique el código de la parcela o del nicho.',
  clienteRequerido: 'Debe seleccionar un cliente válido.',
  registradas: 'Solicitudes registradas con éxito.',
  difuntoIncompleto: 'Indique al menos el nombre del difunto.',
  planFunerarioNoDisponible: 'El plan funerario seleccionado no existe o no está disponible.',
  funeralSola: 'Envíe la solicitud de servicio funerario sola.',
  previsivaSola: 'Envíe una solicitud previsiva.',
  parentescoInvalido: (value: string) => `Parentesco no válido: ${value}.`,
  sinTarifaFamiliar: (parentesco: string, edad: number) =>
    `No hay tarifa para ${parentesco} de ${edad} años en el plan seleccionado.`,
  // Issue 10: a niche is sold under its own plan, never under one chosen apart from it.
  nichoPlanDistinto: (plan: string) =>
    `El nicho se vende con su propio plan (${plan}); no puede solicitarse con otro plan.`,
  nichoPlanNoDisponible:
    'El plan del nicho no está disponible para la venta. Pida a administración que revise el nicho en el inventario.',
  // Issue 10, DESIGN §4.15: a seller cannot register a plot; administration does.
  parcelaNoRegistrada: (codigo: string) =>
    `No se encontró la parcela con código ${codigo}. No está en el inventario: pida a administración que la registre.`,
  parcelaYaRegistrada: (codigo: string) => `La parcela ${codigo} ya está registrada en el inventario.`,
} as const;

/** A pricing refusal as the form of `service` words it: SPEC §5 gives the columbarium its own initial text. */
export function pricingRefusal(error: PricingError, service?: string): string {
  const isColumbarium = service === 'nichos-columbarios' && error.code === 'inicialExcede';
  return isColumbarium ? INICIAL_EXCEDE_COLUMBARIO : error.message;
}

/** SPEC §9 placeholder formats of request numbers, by service. */
export const REQUEST_NUMBER_FORMATS: Record<string, { prefix: string; digits: number }> = {
  cremacion: { prefix: 'CRE', digits: 6 },
  'honra-exequias': { prefix: 'EXE', digits: 6 },
  inhumacion: { prefix: 'INH', digits: 6 },
  'plan-funerario': { prefix: 'PSF', digits: 6 },
  parcelas: { prefix: 'S', digits: 6 },
  'nichos-ataud': { prefix: 'S', digits: 6 },
  'nichos-columbarios': { prefix: 'S', digits: 6 },
  previsivo: { prefix: 'PRE-', digits: 6 },
  'servicio-funerario': { prefix: 'FUN-', digits: 5 },
};

export function formatRequestNumber(service: string, sequence: number): string {
  const format = ownEntry(REQUEST_NUMBER_FORMATS, service) ?? { prefix: 'S', digits: 6 };
  return `${format.prefix}${String(sequence).padStart(format.digits, '0')}`;
}

const amount = amountNumber();
const initialPayment = amount.pipe(z.number().min(0, PRICING_MESSAGES.inicialNegativa));
const optionalAmount = amount.optional();
const modalidad = z.enum(['De Contado', 'Financiado'], REQUEST_MESSAGES.planYModalidad);
const metodo = z.enum(['USD', 'VES'], 'Método de pago no válido.').default('USD');

/** SPEC §3 Detalle / Budget item as the forms send it; `plan_id` names the plan (DESIGN §3 additions). */
export const requestLineSchema = z
  .object({
    // DESIGN §3: a line names its plan by plan_id, else by its description within the request's service.
    plan_id: idNumber(REQUEST_MESSAGES.planYModalidad).optional(),
    tipo_servicio: z.string().max(60).optional(),
    codigo: z.string().trim().max(40).optional().nullable(),
    descripcion: z.string().trim().max(300).optional().nullable(),
    modalidadPago: modalidad.optional(),
    metodoPago: metodo,
    tipo_moneda: z.string().max(10).optional().nullable(),
    pagoInicial: initialPayment.default(0),
    cuotas: integerNumber()
      .pipe(z.number().min(0).max(MAX_CUOTAS, `Las cuotas deben estar entre 1 y ${MAX_CUOTAS}.`))
      .default(0),
    montoPorCuotas: optionalAmount,
    montoPorCuota: optionalAmount,
    precioFinanciado: optionalAmount,
    descuento: optionalAmount,
    precioConDescuento: optionalAmount,
    precioPlan: optionalAmount,
    precioTotal: optionalAmount,
    detalles_adicionales: z.record(z.string(), z.unknown()).optional().nullable(),
  })
  .refine((line) => line.plan_id !== undefined || Boolean(line.descripcion), {
    message: REQUEST_MESSAGES.planYModalidad,
    path: ['plan_id'],
  });

/** SPEC §3 Request sent. Seller, dates and state are the server's to set; sent values are ignored. */
export const requestSchema = z.object({
  cliente_id: idNumber(REQUEST_MESSAGES.clienteRequerido),
  tipo_servicio: z.string(REQUEST_MESSAGES.planYModalidad).trim().min(1).max(60),
  descripcion: z.string().trim().max(300).optional().nullable(),
  modalidadPago: modalidad,
  detalles: z.array(requestLineSchema).min(1, REQUEST_MESSAGES.sinDetalles).max(20),
});
export type RequestInput = z.input<typeof requestSchema>;
/** A request as the server reads it. */
export type RequestData = z.output<typeof requestSchema>;

export const requestBatchSchema = z.array(requestSchema).min(1, REQUEST_MESSAGES.sinDetalles).max(20);

/** A pre-need relative as the previsivo form sends it (also quoted by POST /api/v1/pdf/presupuesto). */
export const relativeSchema = z.object({
  nombre: z.string(MSG.campoRequerido).trim().min(1, MSG.campoRequerido).max(120, MSG.textoMuyLargo(120)),
  cedula: z.string().trim().max(20).optional().nullable(),
  // A relative's rate depends on their age, which a future date would make negative.
  fecha_nacimiento: isoDate.refine((value) => ageOn(value) >= 0, CLIENT_MESSAGES.fechaFutura),
  parentesco: z.union([integerNumber().pipe(z.number().min(1).max(8)), z.string().trim().min(1).max(40)]),
});

type Loose = Record<string, unknown>;
const asObject = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});

/**
 * The old forms nest a one-line request's amounts and options in `detalles[0]` and its
 * `detalles_adicionales`; both that shape and the flat one are accepted (DESIGN §3: old clients keep working).
 */
function flattenFirstLine(value: unknown): unknown {
  const body = asObject(value);
  const detalles = Array.isArray(body.detalles) ? body.detalles : [];
  const line = asObject(detalles[0]);
  const extras = asObject(line.detalles_adicionales);
  return { ...extras, ...line, ...body };
}

/** SPEC §3 Previsivo request (one item of the array posted to /api/previsivos). */
export const previsivoRequestSchema = z.preprocess(
  flattenFirstLine,
  z.object({
    cliente_id: idNumber(REQUEST_MESSAGES.clienteRequerido),
    plan_id: idNumber(REQUEST_MESSAGES.planYModalidad),
    descripcion: z.string().trim().max(300).optional().nullable(),
    metodoPago: metodo,
    pagoInicial: initialPayment.default(0),
    // SPEC §5: previsivo is financed only, in 1 to 4 lapsos.
    cuotas: integerNumber().pipe(
      z
        .number()
        .min(1, `Los lapsos deben estar entre 1 y ${MAX_LAPSOS_PREVISIVO}.`)
        .max(MAX_LAPSOS_PREVISIVO, `Los lapsos deben estar entre 1 y ${MAX_LAPSOS_PREVISIVO}.`),
    ),
    tipo_contrato: z.enum(['Nuevo Contrato', 'Renovacion']).default('Nuevo Contrato'),
    precioTotal: optionalAmount,
    montoPorCuotas: optionalAmount,
    familiares: z.array(relativeSchema).max(10).default([]),
  }),
);
/** A pre-need request as the server reads it (either shape sent becomes this flat one). */
export type PrevisivoRequest = z.output<typeof previsivoRequestSchema>;

const deceasedSchema = z.object({
  nombre_difunto: z
    .string(REQUEST_MESSAGES.difuntoIncompleto)
    .trim()
    .min(1, REQUEST_MESSAGES.difuntoIncompleto)
    .max(120),
  cedula_difunto: z.string().trim().max(20).optional().nullable(),
  fecha_nac_difunto: z.union([isoDate, z.literal(''), z.null()]).optional(),
  parentesco_difunto: z.string().trim().max(40).optional().nullable(),
  fecha_defuncion: z.union([isoDate, z.literal(''), z.null()]).optional(),
  causa_defuncion: z.string().trim().max(200).optional().nullable(),
  direccion_defuncion: z.string().trim().max(255).optional().nullable(),
});

const wakeText = z.string().trim().max(120).optional();

/**
 * SPEC §3 Funeral request. The plan is named by `plan_funerario_id`, or, as SPEC §3 sends it, by the chapel
 * (`tipo_capilla`, else the line's `descripcion`) and `detalles_adicionales.tiempo_velacion` (`findFuneralPlan`).
 */
export const funeralRequestSchema = z.preprocess(
  flattenFirstLine,
  z
    .object({
      cliente_id: idNumber(REQUEST_MESSAGES.clienteRequerido),
      plan_funerario_id: idNumber(REQUEST_MESSAGES.planFunerarioNoDisponible).optional(),
      tipo_capilla: wakeText,
      descripcion: wakeText,
      tiempo_velacion: wakeText,
      tipo_contrato: z.enum(['Nuevo Contrato', 'Renovacion']).default('Nuevo Contrato'),
      metodoPago: metodo,
      traslado: z.boolean().default(false),
      incluye_preparacion: z.boolean().default(false),
      incluye_ataud: z.boolean().default(false),
      precioTotal: optionalAmount,
      difuntos: z.array(deceasedSchema).max(5).default([]),
    })
    .refine(
      (request) =>
        request.plan_funerario_id !== undefined ||
        (Boolean(request.tiempo_velacion) && Boolean(request.tipo_capilla || request.descripcion)),
      { message: REQUEST_MESSAGES.planFunerarioNoDisponible, path: ['plan_funerario_id'] },
    ),
);
/** A funeral request as the server reads it (either shape sent becomes this flat one). */
export type FuneralRequest = z.output<typeof funeralRequestSchema>;

export const createdRequestSchema = z.object({
  id: z.number().int(),
  numero_solicitud: z.string(),
  tipo_servicio: z.string(),
  monto_total: z.number(),
  fecha_vencimiento: z.string(),
});
export const createdRequestsSchema = z.object({ mensaje: z.string(), items: z.array(createdRequestSchema) });
export type CreatedRequests = z.infer<typeof createdRequestsSchema>;
