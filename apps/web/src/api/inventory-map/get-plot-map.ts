import { MAP_MESSAGES, type PlotMap } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const inventoryMapQueryKey = ['mapa-inventario'] as const;

/** Issue 15: the sectors and the plots of one sector (the first when `sector` is undefined). */
export function getPlotMap(sector: string | undefined): Promise<PlotMap> {
  return apiRequest('/api/v1/mapa-parcelas', { query: { sector } });
}

export function usePlotMap(sector: string | undefined) {
  return useQuery({
    queryKey: [...inventoryMapQueryKey, 'parcelas', sector ?? null],
    queryFn: () => getPlotMap(sector),
    // The sector on screen stays while the next one loads.
    placeholderData: keepPreviousData,
    meta: { errorMessage: MAP_MESSAGES.errorCargar },
  });
}
