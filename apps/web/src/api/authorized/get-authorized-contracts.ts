import { CARE_MESSAGES, type ContractWithAuthorized, type Paged } from '@camposanto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** Every query of the authorised-persons screen starts with this key. */
export const authorizedQueryKey = ['autorizados'] as const;

export interface ContractsPage {
  /** 1-based (SPEC §9 Server lists). */
  page: number;
  perPage: number;
}

/** GET /api/v1/autorizados/contratos: the contracts one reaches, each with its persons ('n/2'). */
export function getAuthorizedContracts({
  page,
  perPage,
}: ContractsPage): Promise<Paged<ContractWithAuthorized>> {
  return apiRequest('/api/v1/autorizados/contratos', { query: { page, per_page: perPage } });
}

export function useAuthorizedContracts(args: ContractsPage) {
  return useQuery({
    queryKey: [...authorizedQueryKey, 'contratos', args],
    queryFn: () => getAuthorizedContracts(args),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CARE_MESSAGES.errorCargarDatos },
  });
}
