import type { Niche, Plan } from '@camposanto/domain';
import { useQueryClient } from '@tanstack/react-query';
import { requestPlansQueryKey } from '../../../api/sales-plans/get-request-plans';
import { SALES_MESSAGES } from '../messages';
import type { Producto } from '../productos';
import { usePaymentSelection } from '../shared/use-payment-selection';
import { NicheCodeField } from './niche-code-field';
import { RequestForm } from './request-form';
import { useNicheLookup } from './use-niche-lookup';

const simplify = (text: string | null) => (text ?? '').trim().toLowerCase();

/** The offered plan the niche's own plan text names, if one does. */
function planOfNiche(plans: readonly Plan[], niche: Niche): Plan | undefined {
  const name = simplify(niche.plan);
  if (!name) return undefined;
  return (
    plans.find((plan) => simplify(plan.descripcion) === name) ??
    plans.find(
      (plan) => simplify(plan.descripcion).includes(name) || name.includes(simplify(plan.descripcion)),
    )
  );
}

/** SPEC §2 Columbarium form: each line reserves the niche its code names (SPEC §4: recorded as reservado). */
export function NicheRequestPage({ producto }: { producto: Producto }) {
  const payment = usePaymentSelection();
  const queryClient = useQueryClient();
  const lookup = useNicheLookup((niche) => {
    const plans = queryClient.getQueryData<Plan[]>(requestPlansQueryKey(producto.tipoServicio)) ?? [];
    const plan = planOfNiche(plans, niche);
    if (plan) payment.change({ planId: String(plan.id) });
  });
  const niche = lookup.niche;

  return (
    <RequestForm
      producto={producto}
      payment={payment}
      inventory={{
        fields: ({ disabled }) => <NicheCodeField lookup={lookup} disabled={disabled} />,
        codigo: niche?.codigo ?? null,
        refusal: (budget) => {
          if (!niche || !payment.selection.modalidad) return SALES_MESSAGES.columbarioYModalidad;
          // A niche holds one request (DESIGN §4.5): a second line for it would be refused on save.
          if (budget.some((item) => item.codigo === niche.codigo)) return SALES_MESSAGES.nichoNoDisponible;
          return undefined;
        },
        isAddDisabled: () => false,
        reset: lookup.reset,
      }}
    />
  );
}
