/**
 * SPEC §3 Funeral request: the wake-room service ('Servicio Funerario'), priced by the funeral plans
 * (chapel × wake time), not the 'plan-funerario' product that the plans table prices like any other line.
 */
export const FUNERAL_SERVICE = 'Servicio Funerario';

/** Lower case, no accents, single spaces: how the office's texts are compared ('Sala VIP' = 'sala  vip'). */
function comparable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

const FUNERAL_SERVICE_NAMES = new Set(['servicio funerario', 'servicios funerarios']);

/** Whether a posted request is the funeral (wake-room) request, however its tipo_servicio is spelled. */
export function isFuneralService(tipoServicio: unknown): boolean {
  return typeof tipoServicio === 'string' && FUNERAL_SERVICE_NAMES.has(comparable(tipoServicio));
}

/** What names a funeral plan when the request sends no `plan_funerario_id` (SPEC §3's shape). */
export interface FuneralPlanWanted {
  /** The chapel (`tipo_capilla`), or the line's `descripcion` that starts with it ('Sala VIP en Funeraria — 24 horas'). */
  capilla: string;
  tiempo_velacion: string;
}

/**
 * DESIGN §3 (a line names its plan by id, else by what it describes): the one plan of the chapel and wake time
 * asked for, or undefined when none or several match.
 */
export function findFuneralPlan<Plan extends { tipo_capilla: string; tiempo_velacion: string }>(
  plans: readonly Plan[],
  wanted: FuneralPlanWanted,
): Plan | undefined {
  const capilla = comparable(wanted.capilla);
  const wake = comparable(wanted.tiempo_velacion);
  const matches = plans.filter((plan) => {
    const chapel = comparable(plan.tipo_capilla);
    return (
      comparable(plan.tiempo_velacion) === wake && (capilla === chapel || capilla.startsWith(`${chapel} `))
    );
  });
  return matches.length === 1 ? matches[0] : undefined;
}
