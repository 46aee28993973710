import type { MapState } from '@camposanto/domain';

/**
 * The colour of each state on the map, dark enough for white text (contrast ≥ 4.5:1, WCAG AA) in both colour
 * modes; the state is also in every cell's label and tooltip, never told by colour alone.
 */
export const STATE_COLORS: Record<MapState, string> = {
  disponible: '#2e7d32',
  reservado: '#a15c00',
  vendido: '#1565c0',
  ocupado: '#5f5f5f',
};
