import { ageOn, isoDate, toCents, type Cents } from '@camposanto/domain';
import { useQueries } from '@tanstack/react-query';
import { errorDetail } from '../../../api/client';
import { relativeAmountQuery, type RelativeAmountQuery } from '../../../api/sales-plans/get-relative-amount';

/** SPEC §3 Familiar form as typed: parentesco is the SPEC §9 code as text ('' until chosen). */
export interface RelativeDraft {
  key: number;
  nombre: string;
  cedula: string;
  fecha_nacimiento: string;
  parentesco: string;
}

let nextKey = 1;

export function emptyRelative(): RelativeDraft {
  return { key: nextKey++, nombre: '', cedula: '', fecha_nacimiento: '', parentesco: '' };
}

/** SPEC §5: the age is computed from the birth date; undefined until the date is valid and past. */
export function relativeAge(relative: RelativeDraft): number | undefined {
  if (!isoDate.safeParse(relative.fecha_nacimiento).success) return undefined;
  const age = ageOn(relative.fecha_nacimiento);
  return age >= 0 ? age : undefined;
}

export function isRelativeComplete(relative: RelativeDraft): boolean {
  return Boolean(relative.nombre.trim() && relative.parentesco && relativeAge(relative) !== undefined);
}

/** SPEC §7 calcular_monto is asked once plan, relationship and age are known. */
function amountQueryOf(planId: number | undefined, relative: RelativeDraft): RelativeAmountQuery | undefined {
  const edad = relativeAge(relative);
  if (!planId || !relative.parentesco || edad === undefined) return undefined;
  return { plan: planId, parentesco: Number(relative.parentesco), edad };
}

export interface RelativePrice {
  /** In cents, once the server answered. */
  monto?: Cents;
  isLoading: boolean;
  /** The server's refusal, e.g. no rate for that relationship and age. */
  error?: string;
}

/** The additional price of each relative (SPEC §7 GET /api/previsivos/calcular_monto), in order. */
export function useRelativePrices(
  planId: number | undefined,
  relatives: readonly RelativeDraft[],
): RelativePrice[] {
  const results = useQueries({
    queries: relatives.map((relative) => relativeAmountQuery(amountQueryOf(planId, relative))),
  });
  return results.map((result) => ({
    monto: result.data ? toCents(result.data.monto) : undefined,
    isLoading: result.isFetching,
    error: result.error ? (errorDetail(result.error) ?? result.error.message) : undefined,
  }));
}
