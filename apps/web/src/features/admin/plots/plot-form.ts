import { updatePlotSchema, type PlotRow, type UpdatePlotInput } from '@camposanto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

export const PLOT_COUNTS = [
  { name: 'disponible', label: 'Disponible' },
  { name: 'reservadas', label: 'Reservadas' },
  { name: 'ocupadas', label: 'Ocupadas' },
  { name: 'vendidas', label: 'Vendidas' },
] as const;

export type PlotFormValues = Record<(typeof PLOT_COUNTS)[number]['name'], string>;

export function plotToForm(plot: PlotRow): PlotFormValues {
  return {
    disponible: String(plot.disponible),
    reservadas: String(plot.reservadas),
    ocupadas: String(plot.ocupadas),
    vendidas: String(plot.vendidas),
  };
}

/** The seats of the plot once saved: the server counts them as the sum of the four states. */
export function seatsOf(values: Partial<PlotFormValues>): number | undefined {
  const counts = PLOT_COUNTS.map(({ name }) => values[name]?.trim() ?? '');
  if (!counts.every((count) => /^\d+$/.test(count))) return undefined;
  return counts.reduce((sum, count) => sum + Number(count), 0);
}

// The domain's schema checks the counts (whole, not negative). The cast only restates the input type.
export const plotResolver = zodResolver(updatePlotSchema) as unknown as Resolver<
  PlotFormValues,
  unknown,
  UpdatePlotInput
>;
