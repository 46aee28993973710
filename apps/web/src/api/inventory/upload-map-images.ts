import type { MapKey, MapsSaved } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm, type UploadOptions } from '../upload';
import { mapsQueryKey } from './get-maps';

/** The images to send by field; a field left out or null keeps its current image. */
export type MapImages = Partial<Record<MapKey, File | null>>;

/** SPEC §7 POST /api/upload/inventario, multipart, one field per image (parcela or columbario_lado1..4). */
export function uploadMapImages(images: MapImages, options?: UploadOptions): Promise<MapsSaved> {
  const form = new FormData();
  for (const [clave, file] of Object.entries(images)) if (file) form.append(clave, file);
  return uploadForm('/api/upload/inventario', form, options);
}

export function useUploadMapImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ images, ...options }: { images: MapImages } & UploadOptions) =>
      uploadMapImages(images, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapsQueryKey }),
  });
}
