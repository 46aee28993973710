import type { PlotLookup } from '@camposanto/domain';
import { apiRequest } from '../client';

/**
 * SPEC §7 GET /api/consulta-parcela/{code}. Asked on the code field's blur, every time, so it is a plain
 * call rather than a cached query: availability changes as other sellers reserve seats.
 */
export function lookupPlot(code: string): Promise<PlotLookup> {
  return apiRequest(`/api/consulta-parcela/${encodeURIComponent(code)}`);
}
