import type { PlotRow, UpdatePlotInput } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { plotsQueryKey } from './get-plots';

/** SPEC §7 PUT /parcelas/{id} with the row. */
export function updatePlot({ id, row }: { id: number; row: UpdatePlotInput }): Promise<PlotRow> {
  return apiRequest(`/parcelas/${id}`, { method: 'PUT', json: row });
}

export function useUpdatePlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plotsQueryKey }),
  });
}
