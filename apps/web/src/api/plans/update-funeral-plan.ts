import type { FuneralPlan, UpdateFuneralPlanInput } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { funeralPlansQueryKey } from './get-funeral-plans';

/** SPEC §7: PUT /api/v1/admin/planes/funerarios/{id} with one field. */
export function updateFuneralPlan({
  id,
  changes,
}: {
  id: number;
  changes: UpdateFuneralPlanInput;
}): Promise<FuneralPlan> {
  return apiRequest(`/api/v1/admin/planes/funerarios/${id}`, { method: 'PUT', json: changes });
}

export function useUpdateFuneralPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFuneralPlan,
    onSuccess: (saved) => {
      queryClient.setQueryData<FuneralPlan[]>(funeralPlansQueryKey, (plans) =>
        plans?.map((plan) => (plan.id === saved.id ? saved : plan)),
      );
      return queryClient.invalidateQueries({ queryKey: funeralPlansQueryKey });
    },
  });
}
