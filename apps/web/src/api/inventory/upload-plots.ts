import type { ImportResult } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sequenceProgress, uploadForm, type UploadOptions } from '../upload';
import { mapsQueryKey } from './get-maps';
import { plotsQueryKey } from './get-plots';
import { uploadMapImages } from './upload-map-images';

/** SPEC §7 POST /api/admin/upload-parcelas, multipart, field file (CSV). */
export function uploadPlotCsv(csv: File, options?: UploadOptions): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', csv);
  return uploadForm('/api/admin/upload-parcelas', form, options);
}

/**
 * SPEC §2 screen 11: the plot inventory and its map go up together. The CSV goes first: it is the part
 * the server may refuse (a bad line), and when it does, neither the inventory nor the map has changed.
 */
export async function uploadPlotInventory(
  { csv, image }: { csv: File; image: File },
  { onProgress, signal }: UploadOptions = {},
): Promise<ImportResult> {
  const progressOf = sequenceProgress([csv.size, image.size], onProgress);
  const result = await uploadPlotCsv(csv, { onProgress: progressOf(0), signal });
  await uploadMapImages({ parcela: image }, { onProgress: progressOf(1), signal });
  return result;
}

export function useUploadPlotInventory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, image, ...options }: { csv: File; image: File } & UploadOptions) =>
      uploadPlotInventory({ csv, image }, options),
    // The CSV may have been saved even when the map failed: both are reloaded either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plotsQueryKey }),
        queryClient.invalidateQueries({ queryKey: mapsQueryKey }),
      ]),
  });
}
