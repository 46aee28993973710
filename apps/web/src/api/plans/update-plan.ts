import type { Plan, UpdatePlanInput } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { plansQueryKey } from './get-plans';

/** SPEC §7: PUT /api/v1/admin/planes/{id} with the one changed field. */
export function updatePlan({ id, changes }: { id: number; changes: UpdatePlanInput }): Promise<Plan> {
  return apiRequest(`/api/v1/admin/planes/${id}`, { method: 'PUT', json: changes });
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    // The saved plan shows at once; the list is then refetched (a service change may reorder it).
    onSuccess: (saved) => {
      queryClient.setQueryData<Plan[]>(plansQueryKey, (plans) =>
        plans?.map((plan) => (plan.id === saved.id ? saved : plan)),
      );
      return queryClient.invalidateQueries({ queryKey: plansQueryKey });
    },
  });
}
