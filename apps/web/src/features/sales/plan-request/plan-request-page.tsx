import { REQUEST_MESSAGES } from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorDetail, isUnauthorized } from '../../../api/client';
import { createClient } from '../../../api/clients/create-client';
import { useCreateRequests } from '../../../api/requests/create-requests';
import { getRequestPlans, requestPlansQueryKey } from '../../../api/sales-plans/get-request-plans';
import { PageHeader } from '../../../components/page-header';
import { ClientSection } from '../client/client-section';
import { useClientForm } from '../client/use-client-form';
import { SALES_MESSAGES } from '../messages';
import { budgetItemOf, type BudgetItem } from '../request/budget';
import { BudgetTable } from '../request/budget-table';
import { PlanSection } from '../request/plan-section';
import { previewQuote } from '../shared/payment-selection';
import { usePaymentSelection } from '../shared/use-payment-selection';
import { planServiceByValue } from './plan-services';
import { ServiceSelect } from './service-select';
import { toServiceRequests } from './service-requests';

/**
 * SPEC §2 Generic request screen (/ventas/contrato/plan, issue 15): a plan section on top where the seller
 * chooses a service and then its plan and payment, DATOS DEL CLIENTE, and RESUMEN DE SOLICITUD DEL CONTRATO,
 * whose lines of different services are saved as one batch, one request per service (decision 033).
 */
export function PlanRequestPage() {
  const [serviceValue, setServiceValue] = useState('');
  const service = planServiceByValue(serviceValue);
  const product = service?.product;
  const payment = usePaymentSelection();
  const plans = useQuery({
    queryKey: requestPlansQueryKey(product?.service ?? ''),
    queryFn: () => getRequestPlans(product!.service),
    enabled: Boolean(product),
    meta: { errorMessage: product?.plansError },
  });
  const client = useClientForm((fields, document, options) =>
    createClient(fields, document, options).then((created) => created.id),
  );
  const createRequests = useCreateRequests();
  const [budget, setBudget] = useState<BudgetItem[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const [created, setCreated] = useState<string[]>([]);
  const offered = product ? (plans.data ?? []) : [];
  const plan = offered.find((candidate) => String(candidate.id) === payment.selection.planId);
  const preview = previewQuote(plan, payment.selection, { service: product?.service });

  function chooseService(value: string) {
    setServiceValue(value);
    // SPEC §4: the plan belongs to the service, and changing plan zeroes the amounts that depend on it.
    payment.reset();
  }

  function add() {
    if (!product) return void toast.error(SALES_MESSAGES.seleccioneServicio);
    if (!plan || !payment.selection.modalidad) return void toast.error(REQUEST_MESSAGES.planYModalidad);
    if (preview.status === 'error') return void toast.error(preview.message);
    if (preview.status !== 'ok') return;
    const item = budgetItemOf({
      service: product.service,
      planId: plan.id,
      descripcion: plan.descripcion,
      codigo: null,
      quote: preview.quote,
    });
    setBudget((current) => [...current, item]);
    setCreated([]);
  }

  async function save() {
    setIsSaving(true);
    try {
      const clientId = await client.resolveClientId();
      if (clientId === undefined) return;
      const answer = await createRequests.mutateAsync(toServiceRequests(budget, clientId));
      toast.success(REQUEST_MESSAGES.registradas);
      setCreated(answer.items.map((item) => item.numero_solicitud));
      // SPEC §4: the form resets (plan, modality, amounts) after a successful save.
      setBudget([]);
      setServiceValue('');
      payment.reset();
    } catch (error) {
      if (!isUnauthorized(error))
        toast.error(SALES_MESSAGES.errorRegistrar(errorDetail(error) ?? (error as Error).message));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <>
      <PageHeader title="SOLICITUD DE CONTRATO" backTo="/ventas" />
      <Stack spacing={3}>
        <PlanSection
          plans={offered}
          isLoadingPlans={plans.isLoading}
          hasPlanList
          payment={payment}
          preview={preview}
          inventoryFields={
            <ServiceSelect value={serviceValue} disabled={isSaving} onChange={chooseService} />
          }
          addLabel="Agregar"
          isAddDisabled={false}
          disabled={isSaving}
          onAdd={add}
        />
        <ClientSection state={client} disabled={isSaving} />
        {created.length > 0 && (
          <Alert severity="success" role="status" onClose={() => setCreated([])}>
            {SALES_MESSAGES.solicitudesCreadas(created)}
          </Alert>
        )}
        <BudgetTable
          items={budget}
          isSaving={isSaving}
          showService
          confirmRemoval
          onRemove={(keys) => setBudget((current) => current.filter((item) => !keys.has(item.key)))}
          onSave={() => void save()}
        />
      </Stack>
    </>
  );
}
