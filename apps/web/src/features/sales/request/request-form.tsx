import { REQUEST_MESSAGES, type Plan } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { errorDetail, isUnauthorized } from '../../../api/client';
import { createClient } from '../../../api/clients/create-client';
import { useCreateRequests } from '../../../api/requests/create-requests';
import { useRequestPlans } from '../../../api/sales-plans/get-request-plans';
import { PageHeader } from '../../../components/page-header';
import { ClientSection } from '../client/client-section';
import { useClientForm } from '../client/use-client-form';
import { SALES_MESSAGES } from '../messages';
import type { Product } from '../products';
import { previewQuote } from '../shared/payment-selection';
import type { PaymentSelectionState } from '../shared/use-payment-selection';
import { budgetItemOf, toRequests, type BudgetItem } from './budget';
import { BudgetTable } from './budget-table';
import { PlanSection } from './plan-section';

/** What a form that reserves inventory adds to the generic one (SPEC §2 Parcelas and Columbarium forms). */
export interface InventoryChoice {
  fields: (context: { budget: readonly BudgetItem[]; disabled: boolean }) => ReactNode;
  codigo: string | null;
  /** Why a line cannot be added now, given the lines already in the budget. */
  refusal: (budget: readonly BudgetItem[]) => string | undefined;
  /**
   * Issue 10: the plan the reserved item is sold under (the niche's own plan), when it fixes one; the form
   * then has no plan list. Undefined while no item, or an item whose plan is not on sale, is chosen.
   */
  plan?: (plans: readonly Plan[]) => Plan | undefined;
  /** SPEC §5: in the parcel form, create is disabled without availability. */
  isAddDisabled: (budget: readonly BudgetItem[]) => boolean;
  reset: () => void;
}

interface RequestFormProps {
  product: Product;
  payment: PaymentSelectionState;
  inventory?: InventoryChoice;
}

/** SPEC §2 Generic request screen: plan section, DATOS DEL CLIENTE, then RESUMEN DE SOLICITUD DEL CONTRATO. */
export function RequestForm({ product, payment, inventory }: RequestFormProps) {
  const plans = useRequestPlans(product.service, product.plansError);
  const client = useClientForm((fields, document, options) =>
    createClient(fields, document, options).then((created) => created.id),
  );
  const createRequests = useCreateRequests();
  const [budget, setBudget] = useState<BudgetItem[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const offered = plans.data ?? [];
  const plan = inventory?.plan
    ? inventory.plan(offered)
    : offered.find((candidate) => String(candidate.id) === payment.selection.planId);
  const preview = previewQuote(plan, payment.selection, { service: product.service });

  function add() {
    const refusal = inventory?.refusal(budget);
    if (refusal) return void toast.error(refusal);
    if (!plan || !payment.selection.modalidad) return void toast.error(REQUEST_MESSAGES.planYModalidad);
    if (preview.status === 'error') return void toast.error(preview.message);
    if (preview.status !== 'ok') return;
    const codigo = inventory?.codigo ?? null;
    const item = budgetItemOf({
      service: product.service,
      planId: plan.id,
      descripcion: plan.descripcion,
      codigo,
      quote: preview.quote,
    });
    setBudget((current) => [...current, item]);
  }

  async function save() {
    setIsSaving(true);
    try {
      const clientId = await client.resolveClientId();
      if (clientId === undefined) return;
      await createRequests.mutateAsync(toRequests(budget, clientId));
      toast.success(REQUEST_MESSAGES.registradas);
      // SPEC §4: the form resets (plan, modality, amounts) after a successful save.
      setBudget([]);
      payment.reset();
      inventory?.reset();
    } catch (error) {
      if (!isUnauthorized(error))
        toast.error(SALES_MESSAGES.errorRegistrar(errorDetail(error) ?? (error as Error).message));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <>
      <PageHeader title={product.title} backTo="/ventas" />
      <Stack spacing={3}>
        <PlanSection
          plans={offered}
          isLoadingPlans={plans.isPending}
          hasPlanList={!inventory?.plan}
          payment={payment}
          preview={preview}
          inventoryFields={inventory?.fields({ budget, disabled: isSaving })}
          addLabel={product.addLabel}
          isAddDisabled={inventory?.isAddDisabled(budget) ?? false}
          disabled={isSaving}
          onAdd={add}
        />
        <ClientSection state={client} disabled={isSaving} />
        <BudgetTable
          items={budget}
          isSaving={isSaving}
          onRemove={(keys) => setBudget((current) => current.filter((item) => !keys.has(item.key)))}
          onSave={() => void save()}
        />
      </Stack>
    </>
  );
}
