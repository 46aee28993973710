import type {
  FuneralPlan,
  Plan,
  PlanPrices,
  UpdateFuneralPlanInput,
  UpdatePlanInput,
} from '@camposanto/domain';
import type { planes, planesFunerarios } from '../../db/schema';

type PlanRow = typeof planes.$inferSelect;
type FuneralRow = typeof planesFunerarios.$inferSelect;

const amount = (value: string | null) => (value === null ? null : Number(value));
const decimal = (value: number | null | undefined) =>
  value === undefined ? undefined : value === null ? null : value.toFixed(2);

export function toPlanDto(row: PlanRow): Plan {
  return {
    id: row.id,
    tipo_servicio: row.tipoServicio,
    descripcion: row.descripcion,
    puestos: row.puestos,
    de_contado_bcv: amount(row.deContadoBcv),
    de_contado: amount(row.deContado),
    financiado: amount(row.financiado),
    cuota_1: amount(row.cuota1),
    cuota_2: amount(row.cuota2),
    cuota_3: amount(row.cuota3),
    cuota_4: amount(row.cuota4),
    cuota_5: amount(row.cuota5),
    cuota_6: amount(row.cuota6),
    is_active: row.isActive,
  };
}

/** The API's field names to the table's columns; absent fields stay untouched. */
export function planChanges(input: UpdatePlanInput): Partial<PlanRow> {
  const changes: Partial<Record<keyof PlanRow, unknown>> = {
    tipoServicio: input.tipo_servicio,
    descripcion: input.descripcion,
    puestos: input.puestos,
    deContadoBcv: decimal(input.de_contado_bcv),
    deContado: decimal(input.de_contado),
    financiado: decimal(input.financiado),
    cuota1: decimal(input.cuota_1),
    cuota2: decimal(input.cuota_2),
    cuota3: decimal(input.cuota_3),
    cuota4: decimal(input.cuota_4),
    cuota5: decimal(input.cuota_5),
    cuota6: decimal(input.cuota_6),
  };
  return withoutUndefined(changes) as Partial<PlanRow>;
}

export function toFuneralPlanDto(row: FuneralRow): FuneralPlan {
  return {
    id: row.id,
    tipo_servicio: row.tipoServicio,
    tipo_capilla: row.tipoCapilla,
    tiempo_velacion: row.tiempoVelacion,
    puestos: row.puestos,
    precio_velacion: amount(row.precioVelacion),
    preparacion_difunto_sencilla: amount(row.preparacionDifuntoSencilla),
    preparacion_difunto_especial: amount(row.preparacionDifuntoEspecial),
    preparacion_difunto_embalsamiento: amount(row.preparacionDifuntoEmbalsamiento),
    alquiler_ataud_sencillo: amount(row.alquilerAtaudSencillo),
    alquiler_ataud_mejorado: amount(row.alquilerAtaudMejorado),
    alquiler_ataud_lujo: amount(row.alquilerAtaudLujo),
    precio_traslado: amount(row.precioTraslado),
    de_contado: amount(row.deContado),
    financiado: amount(row.financiado),
    contado_dobles: amount(row.contadoDobles),
    financiado_dobles: amount(row.financiadoDobles),
    is_active: row.isActive,
  };
}

export function funeralPlanChanges(input: UpdateFuneralPlanInput): Partial<FuneralRow> {
  const changes: Partial<Record<keyof FuneralRow, unknown>> = {
    tipoServicio: input.tipo_servicio,
    tipoCapilla: input.tipo_capilla,
    tiempoVelacion: input.tiempo_velacion,
    puestos: input.puestos,
    precioVelacion: decimal(input.precio_velacion),
    preparacionDifuntoSencilla: decimal(input.preparacion_difunto_sencilla),
    preparacionDifuntoEspecial: decimal(input.preparacion_difunto_especial),
    preparacionDifuntoEmbalsamiento: decimal(input.preparacion_difunto_embalsamiento),
    alquilerAtaudSencillo: decimal(input.alquiler_ataud_sencillo),
    alquilerAtaudMejorado: decimal(input.alquiler_ataud_mejorado),
    alquilerAtaudLujo: decimal(input.alquiler_ataud_lujo),
    precioTraslado: decimal(input.precio_traslado),
    deContado: decimal(input.de_contado),
    financiado: decimal(input.financiado),
    contadoDobles: decimal(input.contado_dobles),
    financiadoDobles: decimal(input.financiado_dobles),
  };
  return withoutUndefined(changes) as Partial<FuneralRow>;
}

function withoutUndefined(values: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** "campo: antes → después" lines for the audit trail. */
export function describeFieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: string[],
) {
  return fields
    .filter((field) => before[field] !== after[field])
    .map((field) => `${field}: ${String(before[field] ?? '—')} → ${String(after[field] ?? '—')}`)
    .join(', ');
}

/** The price table the pricing rule reads (DESIGN §4.2), from a plan row. */
export function pricesOf(row: PlanRow): PlanPrices {
  return {
    de_contado_bcv: row.deContadoBcv,
    de_contado: row.deContado,
    financiado: row.financiado,
    cuota_1: row.cuota1,
    cuota_2: row.cuota2,
    cuota_3: row.cuota3,
    cuota_4: row.cuota4,
    cuota_5: row.cuota5,
    cuota_6: row.cuota6,
  };
}
