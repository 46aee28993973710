import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorDetail, isUnauthorized } from '../../../api/client';
import { createPrevisivoClient } from '../../../api/clients/create-previsivo-client';
import { useCreatePrevisivo } from '../../../api/requests/create-previsivo';
import { usePrevisivoPlans } from '../../../api/sales-plans/get-previsivo-plans';
import { FormSection } from '../../../components/form-section';
import { PageHeader } from '../../../components/page-header';
import { ClientSection } from '../client/client-section';
import { useClientForm } from '../client/use-client-form';
import { SALES_MESSAGES } from '../messages';
import { previewQuote } from '../shared/payment-selection';
import { PlanSelect } from '../shared/plan-select';
import { useDelayedReset } from '../shared/use-delayed-reset';
import { usePaymentSelection } from '../shared/use-payment-selection';
import { PrevisivoPaymentSection } from './previsivo-payment-section';
import {
  buildContract,
  toPrevisivoPayload,
  totalAdicionalOf,
  type PrevisivoContract,
} from './previsivo-contract';
import { PrevisivoSummary } from './previsivo-summary';
import { emptyRelative, useRelativePrices, type RelativeDraft } from './relatives';
import { RelativesSection } from './relatives-section';

/** SPEC §2 SOLICITUD DE CONTRATO PREVISIVO (financed only, 1–4 lapsos, valid one year). */
export function PrevisivoPage() {
  const plans = usePrevisivoPlans(SALES_MESSAGES.errorPlanesPrevisivo);
  const payment = usePaymentSelection({ modalidad: 'Financiado' });
  const client = useClientForm((fields, document, options) =>
    createPrevisivoClient(fields, document, options).then((created) => created.cliente_id),
  );
  const createPrevisivo = useCreatePrevisivo();
  const [wantsRelatives, setWantsRelatives] = useState(false);
  const [relatives, setRelatives] = useState<RelativeDraft[]>([]);
  const [contract, setContract] = useState<PrevisivoContract | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const plan = plans.data?.find((candidate) => String(candidate.id) === payment.selection.planId);
  const associated = wantsRelatives ? relatives : [];
  const prices = useRelativePrices(plan?.id, associated);
  // SPEC §3 Familiar: each relative adds its price to the plan's (Total Adicional).
  const preview = previewQuote(plan, payment.selection, { adicional: totalAdicionalOf(prices) });

  const reset = useDelayedReset(() => {
    payment.reset();
    client.reset();
    setWantsRelatives(false);
    setRelatives([]);
    setContract(null);
  });

  // The summary is what will be saved: a change after 'Agregar al Contrato' asks for it again.
  const paymentOfSummary = {
    ...payment,
    change: (patch: Parameters<typeof payment.change>[0]) => {
      payment.change(patch);
      setContract(null);
    },
  };

  function changeRelatives(next: RelativeDraft[]) {
    setRelatives(next);
    setContract(null);
  }

  function changeWantsRelatives(wants: boolean) {
    setWantsRelatives(wants);
    changeRelatives(wants ? [emptyRelative()] : []);
  }

  function add() {
    const built = buildContract({ plan, preview, relatives: associated, prices });
    if ('refusal' in built) return void toast.error(built.refusal);
    setContract(built);
  }

  async function save() {
    if (!contract) return void toast.error(SALES_MESSAGES.agregueAlContrato);
    setIsSaving(true);
    try {
      const clientId = await client.resolveClientId();
      if (clientId === undefined) return;
      await createPrevisivo.mutateAsync(toPrevisivoPayload(contract, clientId));
      toast.success(SALES_MESSAGES.contratoRegistrado);
      reset.schedule();
    } catch (error) {
      if (!isUnauthorized(error))
        toast.error(SALES_MESSAGES.errorRegistrar(errorDetail(error) ?? (error as Error).message));
    } finally {
      setIsSaving(false);
    }
  }

  const isBusy = isSaving || reset.isPending;
  return (
    <>
      <PageHeader title="SOLICITUD DE CONTRATO PREVISIVO" backTo="/ventas" />
      <Stack spacing={3}>
        <FormSection title="DATOS DEL PLAN">
          <Grid container>
            <Grid size={{ xs: 12, md: 6 }}>
              <PlanSelect
                plans={plans.data ?? []}
                value={payment.selection.planId}
                isLoading={plans.isPending}
                disabled={isBusy}
                onChange={(planId) => paymentOfSummary.change({ planId })}
              />
            </Grid>
          </Grid>
        </FormSection>
        <ClientSection state={client} disabled={isBusy} />
        <RelativesSection
          wantsRelatives={wantsRelatives}
          relatives={relatives}
          prices={prices}
          disabled={isBusy}
          onWantsRelativesChange={changeWantsRelatives}
          onRelativesChange={changeRelatives}
        />
        <PrevisivoPaymentSection payment={paymentOfSummary} preview={preview} disabled={isBusy} onAdd={add} />
        <PrevisivoSummary
          contract={contract}
          isSaving={isSaving}
          isSaved={reset.isPending}
          onSave={() => void save()}
        />
      </Stack>
    </>
  );
}
