import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { dashboardQueryKey } from '../dashboard/get-dashboard';
import { expiredRequestsQueryKey } from './get-expired-requests';

export function deleteExpiredRequest(id: number): Promise<{ mensaje: string }> {
  return apiRequest(`/api/v1/admin/solicitudes/caducadas/${id}`, { method: 'DELETE' });
}

export function useDeleteExpiredRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpiredRequest,
    // The 'Solicitudes Caducadas' welcome card counts them.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: expiredRequestsQueryKey }),
        queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
      ]),
  });
}
