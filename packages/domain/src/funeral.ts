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

/**
 * Whether a posted request is the funeral (wake-room) request: a tipo_servicio that speaks of 'funerario' but not of
 * a plan ('Servicio Funerario', 'servicios funerarios'; not 'plan-funerario', the product priced by the plans).
 */
export function isFuneralService(tipoServicio: unknown): boolean {
  if (typeof tipoServicio !== 'string') return false;
  const words = comparable(tipoServicio);
  return words.includes('funerari') && !words.includes('plan');
}

/** What names a funeral plan when the request sends no `plan_funerario_id` (SPEC §3's shape). */
export interface FuneralPlanWanted {
  /** The chapel (`tipo_capilla`), or the line's `descripcion` that starts with it ('Sala VIP en Funeraria — 24 horas'). */
  chapel: string;
  wakeTime: string;
}

/**
 * DESIGN §3 (a line names its plan by id, else by what it describes): the plan of the wake time asked for whose
 * chapel is the one named, or the longest one the text starts with ('Sala VIP en Funeraria' before 'Sala VIP');
 * undefined when none, or several equally good, match.
 */
export function findFuneralPlan<Plan extends { tipo_capilla: string; tiempo_velacion: string }>(
  plans: readonly Plan[],
  wanted: FuneralPlanWanted,
): Plan | undefined {
  const named = comparable(wanted.chapel);
  const wakeTime = comparable(wanted.wakeTime);
  const matches = plans
    .map((plan) => ({ plan, chapel: comparable(plan.tipo_capilla) }))
    .filter(
      ({ plan, chapel }) =>
        comparable(plan.tiempo_velacion) === wakeTime && (named === chapel || named.startsWith(`${chapel} `)),
    )
    .sort((a, b) => b.chapel.length - a.chapel.length);
  const [best, next] = matches;
  return best && best.chapel.length !== next?.chapel.length ? best.plan : undefined;
}
