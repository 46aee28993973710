import type { Seller, updateSellerSchema } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../client';
import { usersQueryKey } from '../users/get-users';
import { sellersQueryKey } from './get-sellers';

export type UpdateSellerPayload = z.output<typeof updateSellerSchema>;

export function updateSeller({ id, ...payload }: UpdateSellerPayload & { id: number }): Promise<Seller> {
  return apiRequest(`/api/v1/vendedores/${id}`, { method: 'PUT', json: payload });
}

export function useUpdateSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSeller,
    // The seller's name, e-mail and details are also the user's.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sellersQueryKey }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]),
  });
}
