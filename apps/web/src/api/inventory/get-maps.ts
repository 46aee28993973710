import type { MapKey } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export interface StoredMap {
  clave: MapKey;
  /** ISO 8601; changes with every upload, so it also tells a new image from the one cached. */
  actualizado: string;
}

export const mapsQueryKey = ['mapas'] as const;

/** GET /api/mapas: which map images have been uploaded. */
export function getMaps(): Promise<StoredMap[]> {
  return apiRequest('/api/mapas');
}

export function useMaps() {
  return useQuery({ queryKey: mapsQueryKey, queryFn: getMaps });
}
