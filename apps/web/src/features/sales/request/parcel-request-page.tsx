import { ADMIN_ROLES, PLOT_CODE_EMPTY } from '@camposanto/domain';
import { useSession } from '../../../lib/session';
import type { Product } from '../products';
import { usePaymentSelection } from '../shared/use-payment-selection';
import type { BudgetItem } from './budget';
import { ParcelCodeField } from './parcel-code-field';
import { RequestForm } from './request-form';
import { usePlotLookup } from './use-plot-lookup';

const seatsOf = (budget: readonly BudgetItem[], codigo: string | undefined) =>
  budget.filter((item) => item.codigo === codigo).length;

/** SPEC §2 Parcelas form: each line reserves one seat of the plot its code names. */
export function ParcelRequestPage({ product }: { product: Product }) {
  const payment = usePaymentSelection();
  const rol = useSession()?.rol;
  // Issue 10 (DESIGN §4.15): administration may register an unknown plot; sellers ask for it.
  const lookup = usePlotLookup({ canRegister: rol !== undefined && ADMIN_ROLES.includes(rol) });
  const codigo = lookup.plot?.codigo;

  return (
    <RequestForm
      product={product}
      payment={payment}
      inventory={{
        fields: ({ budget, disabled }) => (
          <ParcelCodeField lookup={lookup} seatsInBudget={seatsOf(budget, codigo)} disabled={disabled} />
        ),
        codigo: codigo ?? null,
        refusal: () => (codigo ? undefined : PLOT_CODE_EMPTY),
        // SPEC §5: no availability, no create; seats already in the budget count (as in the admin budget).
        isAddDisabled: (budget) => !lookup.plot || lookup.plot.disponible - seatsOf(budget, codigo) <= 0,
        reset: lookup.reset,
      }}
    />
  );
}
