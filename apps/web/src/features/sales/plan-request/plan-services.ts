import { planServiceOf, serviceLabel } from '@camposanto/domain';
import { PRODUCTS, type Product } from '../products';

export interface PlanService {
  /** The producto of its own form (/ventas/contrato/{producto}), the value of the select. */
  value: string;
  label: string;
  product: Product;
}

/**
 * Issue 15: the services the generic request screen sells, each with its plans, modality, instalments and
 * initial payment as its own form has them (SPEC §2). Plots and columbarium niches need their code lookup
 * and map, so they keep their own forms.
 */
export const PLAN_SERVICES: readonly PlanService[] = Object.entries(PRODUCTS)
  .filter(([, product]) => !product.inventory)
  .map(([value, product]) => ({
    value,
    label: serviceLabel(planServiceOf(product.service) ?? product.service),
    product,
  }));

export function planServiceByValue(value: string): PlanService | undefined {
  return PLAN_SERVICES.find((service) => service.value === value);
}
