import { CARE_MESSAGES, type RequestDto } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { documentsQueryKey } from './find-client';

/** SPEC §7 GET /api/v1/previsivos/tipo_servicio=previsivo: the pre-need requests and contracts one reaches. */
export function getPrevisivoContracts(): Promise<RequestDto[]> {
  return apiRequest('/api/v1/previsivos/tipo_servicio=previsivo');
}

export function usePrevisivoContracts() {
  return useQuery({
    queryKey: [...documentsQueryKey, 'previsivos'],
    queryFn: getPrevisivoContracts,
    meta: { errorMessage: CARE_MESSAGES.errorCargarDatos },
  });
}
