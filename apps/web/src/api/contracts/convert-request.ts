import type { ContractConverted } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { dashboardQueryKey } from '../dashboard/get-dashboard';
import { salesListsQueryKey } from '../sales-lists/get-client-requests';
import { activeContractsQueryKey } from './get-active-contracts';
import { contractHistoryQueryKey } from './get-contract-history';
import { requestsToConvertQueryKey } from './get-requests-to-convert';

export function convertRequest(requestId: number): Promise<ContractConverted> {
  return apiRequest('/api/v1/admin/convertir-contrato', {
    method: 'POST',
    json: { SolicitudId: requestId },
  });
}

export function useConvertRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertRequest,
    // SPEC §4: the list is reloaded after the switch, whatever the answer (another admin may have converted it).
    // The welcome cards, the contracts and the sales lists change with it.
    onSettled: () =>
      Promise.all(
        [
          requestsToConvertQueryKey,
          activeContractsQueryKey,
          contractHistoryQueryKey,
          dashboardQueryKey,
          salesListsQueryKey,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
