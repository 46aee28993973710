import type { PlaceDetail } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { inventoryMapQueryKey } from './get-plot-map';

export type PlaceKind = 'parcela' | 'nicho';

/** Issue 15: a plot's or a niche's plan and the requests that hold or bought it (administración). */
export function getPlaceDetail(kind: PlaceKind, id: number): Promise<PlaceDetail> {
  return apiRequest(`/api/v1/admin/${kind === 'parcela' ? 'mapa-parcelas' : 'mapa-nichos'}/${id}`);
}

export function usePlaceDetail(kind: PlaceKind, id: number) {
  return useQuery({
    queryKey: [...inventoryMapQueryKey, kind, id],
    queryFn: () => getPlaceDetail(kind, id),
  });
}
