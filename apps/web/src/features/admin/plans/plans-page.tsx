import { MSG, type Plan, type UpdatePlanInput } from '@camposanto/domain';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { usePlans } from '../../../api/plans/get-plans';
import { useSetPlanActive } from '../../../api/plans/set-plan-active';
import { useUpdatePlan } from '../../../api/plans/update-plan';
import { PageHeader } from '../../../components/page-header';
import { PlansTable } from './plans-table';
import { ServiceFilter } from './service-filter';

/** SPEC §2 Admin screen 10: Planes, edited in place, with the active toggle. */
export function PlansPage() {
  const plans = usePlans();
  const updatePlan = useUpdatePlan();
  const setActive = useSetPlanActive();
  const [service, setService] = useState('');

  const services = useMemo(
    () => [...new Set((plans.data ?? []).map((plan) => plan.tipo_servicio))].sort(),
    [plans.data],
  );
  const shown = (plans.data ?? []).filter((plan) => !service || plan.tipo_servicio === service);

  async function save(plan: Plan, changes: UpdatePlanInput) {
    try {
      await updatePlan.mutateAsync({ id: plan.id, changes });
      toast.success(MSG.planActualizado);
    } catch (error) {
      toast.error(withDetail(MSG.errorActualizarPlan, error));
      throw error;
    }
  }

  function toggleActive(plan: Plan, isActive: boolean) {
    setActive.mutate(
      { id: plan.id, isActive },
      {
        onSuccess: () => toast.success(MSG.estadoActualizado),
        onError: (error) => toast.error(withDetail(MSG.errorActualizarEstado, error)),
      },
    );
  }

  return (
    <>
      <PageHeader title="Planes" backTo="/administracion" />
      <ServiceFilter services={services} value={service} onChange={setService} />
      <PlansTable
        plans={shown}
        isLoading={plans.isPending}
        emptyText={plans.isError ? MSG.errorCargarPlanes(plans.error.message) : MSG.sinPlanes}
        onSave={save}
        onToggleActive={toggleActive}
      />
    </>
  );
}
