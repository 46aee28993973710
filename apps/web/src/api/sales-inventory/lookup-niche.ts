import type { Niche } from '@camposanto/domain';
import { apiRequest } from '../client';

/** SPEC §7 GET /api/consulta-columbario/{code}: the niche's place, plan and state, asked on each search. */
export function lookupNiche(code: string): Promise<Niche> {
  return apiRequest(`/api/consulta-columbario/${encodeURIComponent(code)}`);
}
