import type { Rol } from '@camposanto/domain';

/** Issue 14 Cobranza: the filters as the address and the query carry them (empty is no filter). */
export interface CollectionFilters {
  vendedor_id: string;
  supervisor_id: string;
  tramo: string;
  servicio: string;
  /** Issue 15: the search (client, cédula, contract number) and the order, kept in the address like the filters. */
  q: string;
  orden: string;
}

export const FILTER_KEYS = ['vendedor_id', 'supervisor_id', 'tramo', 'servicio', 'q', 'orden'] as const;

export const NO_COLLECTION_FILTERS: CollectionFilters = {
  vendedor_id: '',
  supervisor_id: '',
  tramo: '',
  servicio: '',
  q: '',
  orden: '',
};

/** Which filters a role is offered: the server narrows a seller to their own, a supervisor to their sellers. */
export function filtersFor(rol: Rol | undefined): { seller: boolean; supervisor: boolean } {
  const isOffice = rol === 'administrador' || rol === 'asistente';
  return { seller: isOffice || rol === 'supervisor', supervisor: isOffice };
}

/**
 * The filters of the address, keeping only those the role is offered (an address copied from an
 * administrator's screen does not filter a seller's).
 */
export function readFilters(params: URLSearchParams, rol: Rol | undefined): CollectionFilters {
  const offered = filtersFor(rol);
  const value = (key: keyof CollectionFilters) => params.get(key)?.trim() ?? '';
  return {
    vendedor_id: offered.seller ? value('vendedor_id') : '',
    supervisor_id: offered.supervisor ? value('supervisor_id') : '',
    tramo: value('tramo'),
    servicio: value('servicio'),
    q: value('q'),
    orden: value('orden'),
  };
}

/** The address's parameters with the filters changed; other parameters stay, empty filters are removed. */
export function writeFilters(params: URLSearchParams, filters: CollectionFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    if (filters[key]) next.set(key, filters[key]);
    else next.delete(key);
  }
  return next;
}
