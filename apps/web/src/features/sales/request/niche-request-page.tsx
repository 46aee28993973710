import { REQUEST_MESSAGES, type Niche, type Plan } from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useRequestPlans } from '../../../api/sales-plans/get-request-plans';
import { SALES_MESSAGES } from '../messages';
import type { Product } from '../products';
import { usePaymentSelection } from '../shared/use-payment-selection';
import { NicheCodeField } from './niche-code-field';
import { RequestForm } from './request-form';
import { useNicheLookup } from './use-niche-lookup';

const simplify = (text: string | null) => (text ?? '').trim().toLowerCase();

/** Issue 10: the offered plan the niche's own plan text names, matched as the server does (case aside). */
export function planOfNiche(plans: readonly Plan[], niche: Niche): Plan | undefined {
  const name = simplify(niche.plan);
  return name ? plans.find((plan) => simplify(plan.descripcion) === name) : undefined;
}

/**
 * SPEC §2 Columbarium form: each line reserves the niche its code names (SPEC §4: recorded as reservado), sold
 * under the niche's own plan (issue 10): the plan is the read-only field the lookup fills, not a list.
 */
export function NicheRequestPage({ product }: { product: Product }) {
  const payment = usePaymentSelection();
  const plans = useRequestPlans(product.service, product.plansError);
  // Another niche may bring another plan: its amounts start again (SPEC §4 zeroing on a plan change).
  const lookup = useNicheLookup(() => payment.change({ pagoInicial: '0', cuotas: 1 }));
  const niche = lookup.niche;
  const planFor = (offered: readonly Plan[]) => (niche ? planOfNiche(offered, niche) : undefined);
  const plan = planFor(plans.data ?? []);
  const isPlanOffSale = Boolean(niche && plans.data && !plan);

  return (
    <RequestForm
      product={product}
      payment={payment}
      inventory={{
        fields: ({ disabled }) => (
          <Stack spacing={2}>
            <NicheCodeField lookup={lookup} disabled={disabled} />
            {isPlanOffSale && <Alert severity="error">{REQUEST_MESSAGES.nichoPlanNoDisponible}</Alert>}
          </Stack>
        ),
        codigo: niche?.codigo ?? null,
        plan: planFor,
        refusal: (budget) => {
          if (!niche || !payment.selection.modalidad) return SALES_MESSAGES.columbarioYModalidad;
          if (!plan) return REQUEST_MESSAGES.nichoPlanNoDisponible;
          // A niche holds one request (DESIGN §4.5): a second line for it would be refused on save.
          if (budget.some((item) => item.codigo === niche.codigo)) return SALES_MESSAGES.nichoNoDisponible;
          return undefined;
        },
        isAddDisabled: () => isPlanOffSale,
        reset: lookup.reset,
      }}
    />
  );
}
