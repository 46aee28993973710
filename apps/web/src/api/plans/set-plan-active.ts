import type { Plan } from '@camposanto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { plansQueryKey } from './get-plans';

/** SPEC §7: PATCH /api/v1/admin/planes/{id}/estado with a boolean activo. */
export function setPlanActive({ id, isActive }: { id: number; isActive: boolean }): Promise<Plan> {
  return apiRequest(`/api/v1/admin/planes/${id}/estado`, { method: 'PATCH', json: { activo: isActive } });
}

const withActive = (plans: Plan[] | undefined, id: number, isActive: boolean) =>
  plans?.map((plan) => (plan.id === id ? { ...plan, is_active: isActive } : plan));

/** SPEC §4 Plan active flag: toggled optimistically and reverted on failure. */
export function useSetPlanActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlanActive,
    onMutate: async ({ id, isActive }) => {
      // A load still on its way would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey: plansQueryKey });
      queryClient.setQueryData<Plan[]>(plansQueryKey, (plans) => withActive(plans, id, isActive));
    },
    // Only this plan's flag goes back: other plans may have changed meanwhile.
    onError: (_error, { id, isActive }) =>
      queryClient.setQueryData<Plan[]>(plansQueryKey, (plans) => withActive(plans, id, !isActive)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}
