import { MAP_MESSAGES, type NicheMap } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { inventoryMapQueryKey } from './get-plot-map';

/** Issue 15: the chapels and the niches of one chapel (the first when `capilla` is undefined). */
export function getNicheMap(capilla: string | undefined): Promise<NicheMap> {
  return apiRequest('/api/v1/mapa-nichos', { query: { capilla } });
}

export function useNicheMap(capilla: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...inventoryMapQueryKey, 'nichos', capilla ?? null],
    queryFn: () => getNicheMap(capilla),
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: MAP_MESSAGES.errorCargar },
  });
}
