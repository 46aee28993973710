import { CARE_MESSAGES, type AuthorizedPerson } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { authorizedQueryKey } from './get-authorized-contracts';

export const contractAuthorizedQueryKey = (contractId: number) => [
  ...authorizedQueryKey,
  'personas',
  contractId,
];

/** SPEC §7 GET /api/v1/autorizados/{contratoId}. */
export function getAuthorized(contractId: number): Promise<AuthorizedPerson[]> {
  return apiRequest(`/api/v1/autorizados/${contractId}`);
}

export function useAuthorized(contractId: number) {
  return useQuery({
    queryKey: contractAuthorizedQueryKey(contractId),
    queryFn: () => getAuthorized(contractId),
    meta: { errorMessage: CARE_MESSAGES.errorObtenerAutorizados },
  });
}
