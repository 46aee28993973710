import type { CreatePlotInput, PlotRow } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { plotsQueryKey } from './get-plots';

/** POST /parcelas (issue 10): administration registers a plot with the SPEC §8 defaults of a new entry. */
export function createPlot(input: CreatePlotInput): Promise<PlotRow> {
  return apiRequest('/parcelas', { method: 'POST', json: input });
}

export function useCreatePlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plotsQueryKey }),
  });
}
