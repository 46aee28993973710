import type { MapKey } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

export const mapImageQueryKey = (clave: MapKey) => ['mapas', 'ventas', clave] as const;

/**
 * SPEC §7: the map images under uploads/mapas. DESIGN §5 keeps them behind the session, so an <img> cannot
 * point at them: the image is fetched with the bearer token and shown from a blob.
 */
export function getMapImage(clave: MapKey): Promise<Blob> {
  return apiRequest(`/uploads/mapas/${clave}`, { responseType: 'blob' });
}

/** SPEC §7: the images are preloaded; the viewer shows a failure where the image would be. */
export function useMapImage(clave: MapKey) {
  return useQuery({
    queryKey: mapImageQueryKey(clave),
    queryFn: () => getMapImage(clave),
    // The server lets browsers keep a map for 5 minutes; so does the cache.
    staleTime: 5 * 60_000,
  });
}
