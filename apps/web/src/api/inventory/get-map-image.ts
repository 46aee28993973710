import type { MapKey } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { mapsQueryKey } from './get-maps';

/**
 * A map image. It is served only with the bearer token (DESIGN §5), so an <img src> cannot load it:
 * it is fetched as a blob for an object URL. The version makes a new upload a new address, past the
 * browser's cache of the old image.
 */
export function getMapImage(clave: MapKey, version: string): Promise<Blob> {
  return apiRequest(`/uploads/mapas/${clave}`, { query: { v: version }, responseType: 'blob' });
}

/** Loads the image only when it exists (version from GET /api/mapas). */
export function useMapImage(clave: MapKey, version: string | undefined) {
  return useQuery({
    queryKey: [...mapsQueryKey, clave, version],
    queryFn: () => getMapImage(clave, version!),
    enabled: version !== undefined,
    staleTime: Infinity,
  });
}
