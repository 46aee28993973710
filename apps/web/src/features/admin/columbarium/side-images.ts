import { MAP_KEYS, MSG } from '@camposanto/domain';
import type { MapImages } from '../../../api/inventory/upload-map-images';
import { FILE_RULES } from '../../../components/file-input';

// SPEC §2 Admin screen 12: the four sides lado1 to lado4.
export const SIDES = MAP_KEYS.filter((clave) => clave.startsWith('columbario_lado')).map((clave, index) => ({
  clave,
  name: `Lado ${index + 1}`,
}));

/** SPEC §5 Columbarium: at least one image, images only. Returns why the images cannot be sent, if they cannot. */
export function sideImagesProblem(images: MapImages): string | undefined {
  const chosen = Object.values(images).filter((file): file is File => Boolean(file));
  if (chosen.length === 0) return MSG.imagenRequerida;
  if (!chosen.every(FILE_RULES.image.matches)) return MSG.imagenInvalida;
  return undefined;
}
