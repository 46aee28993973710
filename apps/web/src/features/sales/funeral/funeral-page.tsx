import { REQUEST_MESSAGES } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorDetail, isUnauthorized } from '../../../api/client';
import { createClient } from '../../../api/clients/create-client';
import { useCreateFuneralRequest } from '../../../api/requests/create-funeral-request';
import { useFuneralPlans } from '../../../api/sales-plans/get-funeral-plans';
import { PageHeader } from '../../../components/page-header';
import { ClientSection } from '../client/client-section';
import { useClientForm } from '../client/use-client-form';
import { SALES_MESSAGES } from '../messages';
import { useDelayedReset } from '../shared/use-delayed-reset';
import { DeceasedSection } from './deceased-section';
import {
  EMPTY_DECEASED,
  previewFuneral,
  toFuneralPayload,
  type DeceasedDraft,
  type FuneralContract,
} from './funeral-contract';
import { FuneralPlanSection, type FuneralChoice } from './funeral-plan-section';
import { FuneralSummary } from './funeral-summary';

const EMPTY_CHOICE: FuneralChoice = {
  capilla: '',
  planId: '',
  metodo: 'USD',
  extras: { traslado: false, preparacion: false, ataud: false },
};

/** SPEC §2 SOLICITUD DE SERVICIO FUNERARIO: a wake room with extras, paid in cash (SPEC §3 Funeral request). */
export function FuneralPage() {
  const plans = useFuneralPlans(SALES_MESSAGES.errorPlanesFunerarios);
  const client = useClientForm((fields, document, options) =>
    createClient(fields, document, options).then((created) => created.id),
  );
  const createFuneral = useCreateFuneralRequest();
  const [choice, setChoice] = useState(EMPTY_CHOICE);
  const [contract, setContract] = useState<FuneralContract | null>(null);
  const [includesDeceased, setIncludesDeceased] = useState(true);
  const [deceased, setDeceased] = useState<DeceasedDraft>(EMPTY_DECEASED);
  const [isSaving, setIsSaving] = useState(false);
  const reset = useDelayedReset(() => {
    setChoice(EMPTY_CHOICE);
    setContract(null);
    setIncludesDeceased(true);
    setDeceased(EMPTY_DECEASED);
    client.reset();
  });

  function add() {
    const plan = plans.data?.find((candidate) => String(candidate.id) === choice.planId);
    const quote = previewFuneral(plan, choice.extras);
    if (!plan || !quote) return void toast.error(SALES_MESSAGES.capillaYVelacion);
    setContract({ plan, extras: choice.extras, metodo: choice.metodo, quote });
  }

  async function save() {
    if (!contract) return void toast.error(SALES_MESSAGES.agregueServicio);
    if (includesDeceased && !deceased.nombre.trim())
      return void toast.error(REQUEST_MESSAGES.difuntoIncompleto);
    setIsSaving(true);
    try {
      const clientId = await client.resolveClientId();
      if (clientId === undefined) return;
      await createFuneral.mutateAsync(
        toFuneralPayload(contract, clientId, includesDeceased ? deceased : null),
      );
      toast.success(SALES_MESSAGES.clienteYContratoCreados);
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
      <PageHeader title="SOLICITUD DE SERVICIO FUNERARIO" backTo="/ventas" />
      <Stack spacing={3}>
        <FuneralPlanSection
          plans={plans.data ?? []}
          isLoading={plans.isPending}
          choice={choice}
          disabled={isBusy}
          onChange={(next) => {
            // The summary is what will be saved: a change after 'Añadir Contrato' asks for it again.
            setChoice(next);
            setContract(null);
          }}
          onAdd={add}
        />
        <ClientSection state={client} disabled={isBusy} />
        <DeceasedSection
          isIncluded={includesDeceased}
          deceased={deceased}
          disabled={isBusy}
          onIncludedChange={setIncludesDeceased}
          onChange={setDeceased}
        />
        <FuneralSummary
          contract={contract}
          isSaving={isSaving}
          isSaved={reset.isPending}
          onSave={() => void save()}
        />
      </Stack>
    </>
  );
}
