import { formatAmount, formatUsd } from '@camposanto/domain';

/** SPEC §9: amounts with 2 decimals; USD shows a $ prefix, VES a Bs. suffix. */
export function Money({ amount, currency = 'USD' }: { amount: number; currency?: 'USD' | 'VES' }) {
  return <span>{currency === 'USD' ? formatUsd(amount) : `${formatAmount(amount)} Bs.`}</span>;
}
