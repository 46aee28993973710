import { z } from 'zod';
import { MAX_SEATS, SEATS_TOO_MANY } from './inventory';
import { MSG } from './messages';
import { idNumber, integerNumber } from './numbers';
import { ownEntry } from './records';

export const PLAN_PRICE_FIELDS = [
  'de_contado_bcv',
  'de_contado',
  'financiado',
  'cuota_1',
  'cuota_2',
  'cuota_3',
  'cuota_4',
  'cuota_5',
  'cuota_6',
] as const;

const price = z.number().nullable();

/** The same schema for each of a list of fields, keeping the field names in the type. */
function fieldsOf<K extends string, S extends z.ZodType>(keys: readonly K[], schema: S): Record<K, S> {
  return Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>;
}

export const planSchema = z.object({
  id: z.number().int(),
  tipo_servicio: z.string(),
  descripcion: z.string(),
  puestos: z.number().int().nullable(),
  ...fieldsOf(PLAN_PRICE_FIELDS, price),
  is_active: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

/** SPEC §5: plan numeric fields are numbers; empty becomes null. Negative prices are refused. */
export const priceInput = z
  .union([z.number(MSG.numeroInvalido), z.string(MSG.numeroInvalido), z.null()])
  .transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const number = typeof value === 'number' ? value : Number(value.trim().replace(',', '.'));
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: 'custom', message: MSG.numeroInvalido });
      return z.NEVER;
    }
    if (number < 0) {
      ctx.addIssue({ code: 'custom', message: 'El precio no puede ser negativo.' });
      return z.NEVER;
    }
    if (number >= 1e12) {
      ctx.addIssue({ code: 'custom', message: 'El precio es demasiado grande.' });
      return z.NEVER;
    }
    return Math.round(number * 100) / 100;
  });

const seatsInput = priceInput
  .refine((value) => value === null || Number.isInteger(value), 'Debe ser un número entero.')
  .refine((value) => value === null || value <= MAX_SEATS, SEATS_TOO_MANY);

const atLeastOneField = (body: Record<string, unknown>) =>
  Object.values(body).some((value) => value !== undefined);
const NO_FIELD = 'Indique el campo a modificar.';

/** SPEC §7 PUT /api/v1/admin/planes/{id} with one changed field. */
export const updatePlanSchema = z
  .object({
    tipo_servicio: z.string().trim().min(1, MSG.campoRequerido).max(60, MSG.textoMuyLargo(60)).optional(),
    descripcion: z.string().trim().min(1, MSG.campoRequerido).max(200, MSG.textoMuyLargo(200)).optional(),
    puestos: seatsInput.optional(),
    ...fieldsOf(PLAN_PRICE_FIELDS, priceInput.optional()),
  })
  .refine(atLeastOneField, NO_FIELD);
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;

/** SPEC §7 PATCH /api/v1/admin/planes/{id}/estado with a boolean activo. */
export const planStatusSchema = z.object({ activo: z.boolean(MSG.campoRequerido) });

export const FUNERAL_PRICE_FIELDS = [
  'precio_velacion',
  'preparacion_difunto_sencilla',
  'preparacion_difunto_especial',
  'preparacion_difunto_embalsamiento',
  'alquiler_ataud_sencillo',
  'alquiler_ataud_mejorado',
  'alquiler_ataud_lujo',
  'precio_traslado',
  'de_contado',
  'financiado',
  'contado_dobles',
  'financiado_dobles',
] as const;

export const FUNERAL_CHAPELS = ['Sala Edificio Crematorio', 'Sala VIP en Funeraria'] as const;

export const funeralPlanSchema = z.object({
  id: z.number().int(),
  tipo_servicio: z.string(),
  tipo_capilla: z.string(),
  tiempo_velacion: z.string(),
  puestos: z.number().int().nullable(),
  ...fieldsOf(FUNERAL_PRICE_FIELDS, price),
  is_active: z.boolean(),
});
export type FuneralPlan = z.infer<typeof funeralPlanSchema>;

export const updateFuneralPlanSchema = z
  .object({
    tipo_servicio: z.string().trim().min(1, MSG.campoRequerido).max(60, MSG.textoMuyLargo(60)).optional(),
    tipo_capilla: z.string().trim().min(1, MSG.campoRequerido).max(60, MSG.textoMuyLargo(60)).optional(),
    tiempo_velacion: z.string().trim().min(1, MSG.campoRequerido).max(60, MSG.textoMuyLargo(60)).optional(),
    puestos: seatsInput.optional(),
    ...fieldsOf(FUNERAL_PRICE_FIELDS, priceInput.optional()),
  })
  .refine(atLeastOneField, NO_FIELD);
export type UpdateFuneralPlanInput = z.infer<typeof updateFuneralPlanSchema>;

/**
 * SPEC §7 GET /api/planes/solicitudes?tipo_servicio=...: the values the forms send, and the plan
 * service each one means. Case variants (Inhumacion/inhumacion) are the same service.
 */
export const SERVICE_ALIASES: Record<string, string> = {
  cremacion: 'cremacion',
  'honra-exequias': 'honra-exequias',
  inhumacion: 'inhumacion',
  'inhumacion-parcelas': 'inhumacion',
  'nicho-ataud': 'nichos-ataud',
  'nichos-ataud': 'nichos-ataud',
  'nichos-columbarios': 'nichos-columbarios',
  columbario: 'nichos-columbarios',
  // The 'Servicios funerarios' request form (producto plan-funerario) asks for its plans as
  // servicio-funerario; the wake-room service itself is priced by the funeral plans (/api/planes/funerarios).
  'servicio-funerario': 'plan-funerario',
  'plan-funerario': 'plan-funerario',
  parcela: 'parcelas',
  parcelas: 'parcelas',
  previsivo: 'previsivo',
};

export function planServiceOf(tipoServicio: string): string | undefined {
  return ownEntry(SERVICE_ALIASES, tipoServicio.trim().toLowerCase());
}

/** SPEC §9 relationship codes of the pre-need plan. */
export const PARENTESCOS: Record<number, string> = {
  1: 'Padre/Madre',
  2: 'Hijo(a)',
  3: 'Esposo(a)/Conyugue',
  4: 'Hermano(a)',
  5: 'Abuelo(a)',
  6: 'Tío(a)',
  7: 'Primo(a)',
  8: 'Otro(a)',
};

export const previsivoQuerySchema = z.object({
  plan: idNumber(),
  parentesco: integerNumber().pipe(
    z.number().min(1, 'Parentesco no válido.').max(8, 'Parentesco no válido.'),
  ),
  edad: integerNumber().pipe(z.number().min(0, 'Edad no válida.').max(120, 'Edad no válida.')),
});

/** GET /api/previsivos/calcular_monto's answer: a relative's extra price in the plan. */
export const relativeAmountSchema = z.object({ monto: z.number() });
export type RelativeAmount = z.infer<typeof relativeAmountSchema>;

/** GET /api/planes/solicitudes and GET /api/planes?tipo_servicio: the service whose plans are asked for. */
export const planServiceQuerySchema = z.object({
  tipo_servicio: z.string(MSG.tipoServicioRequerido).min(1).max(60),
});
