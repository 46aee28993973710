import type { RequestDto } from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { paymentsQueryKey } from '../payments/query-keys';

export const financedContractsQueryKey = [...paymentsQueryKey, 'contratos-financiados'] as const;

/** SPEC §7 GET /api/v1/cuotas/contratos-financiados: the financed contracts the user reaches. */
export function getFinancedContracts(): Promise<RequestDto[]> {
  return apiRequest('/api/v1/cuotas/contratos-financiados');
}

export function useFinancedContracts() {
  // SPEC §8: this failure is an alert on the screen, not a notice.
  return useQuery({ queryKey: financedContractsQueryKey, queryFn: getFinancedContracts });
}
