import type { StoredMap } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const mapsQueryKey = ['mapas'] as const;

/** GET /api/mapas: which map images have been uploaded. */
export function getMaps(): Promise<StoredMap[]> {
  return apiRequest('/api/mapas');
}

export function useMaps() {
  return useQuery({ queryKey: mapsQueryKey, queryFn: getMaps });
}
