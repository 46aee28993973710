import type { updateVendedorSchema, Vendedor } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../client';
import { usersQueryKey } from '../users/get-users';
import { vendedoresQueryKey } from './get-vendedores';

export type UpdateVendedorPayload = z.output<typeof updateVendedorSchema>;

export function updateVendedor({
  id,
  ...payload
}: UpdateVendedorPayload & { id: number }): Promise<Vendedor> {
  return apiRequest(`/api/v1/vendedores/${id}`, { method: 'PUT', json: payload });
}

export function useUpdateVendedor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendedor,
    // The seller's name, e-mail and details are also the user's.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendedoresQueryKey }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]),
  });
}
