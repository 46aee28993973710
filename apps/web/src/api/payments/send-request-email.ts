import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { refreshAfterPayment } from './refresh-after-payment';

/** SPEC §7 POST /api/enviar_correo: the server reads the request, its payments and files itself. */
export function sendRequestEmail(requestId: number): Promise<{ mensaje: string }> {
  return apiRequest('/api/enviar_correo', { method: 'POST', json: { solicitud_id: requestId } });
}

export function useSendRequestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRequestEmail,
    // SPEC §4: after a successful e-mail the list refreshes ('Enviar Solicitud' becomes disabled).
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
