import { MSG, type FuneralPlan, type UpdateFuneralPlanInput } from '@camposanto/domain';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useFuneralPlans } from '../../../api/plans/get-funeral-plans';
import { useUpdateFuneralPlan } from '../../../api/plans/update-funeral-plan';
import { PageHeader } from '../../../components/page-header';
import { FuneralPlansTable } from './funeral-plans-table';

/** SPEC §2 Admin screen 13: Planes funerarios, edited in place. */
export function FuneralPlansPage() {
  const plans = useFuneralPlans();
  const updatePlan = useUpdateFuneralPlan();

  async function save(plan: FuneralPlan, changes: UpdateFuneralPlanInput) {
    try {
      await updatePlan.mutateAsync({ id: plan.id, changes });
      toast.success(MSG.planActualizado);
    } catch (error) {
      toast.error(withDetail(MSG.errorActualizarPlan, error));
      throw error;
    }
  }

  return (
    <>
      <PageHeader title="Planes Funerarios" backTo="/administracion" />
      <FuneralPlansTable
        plans={plans.data ?? []}
        isLoading={plans.isPending}
        emptyText={plans.isError ? MSG.errorCargarPlanes(plans.error.message) : MSG.sinPlanes}
        onSave={save}
      />
    </>
  );
}
