import type { MapKey } from '@camposanto/domain';
import { useMapImage } from '../../../api/inventory/get-map-image';
import { useMaps } from '../../../api/inventory/get-maps';

/**
 * A map image the administration uploaded (SPEC §7 uploads/mapas), preloaded with the form. It is asked for
 * only when the list of maps has it, so a map never uploaded is told at once, without a failing request.
 */
export function useStoredMap(clave: MapKey) {
  const maps = useMaps();
  const version = maps.data?.find((map) => map.clave === clave)?.actualizado;
  const image = useMapImage(clave, version);
  return {
    blob: image.data,
    isLoading: maps.isPending || (version !== undefined && image.isPending),
  };
}
