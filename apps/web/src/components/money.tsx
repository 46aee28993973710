import { formatBolivares, formatUsd } from '@camposanto/domain';

/** SPEC §9, issue 10 §8: amounts in the Venezuelan format; USD shows a $ prefix, VES a Bs. suffix. */
export function Money({ amount, currency = 'USD' }: { amount: number; currency?: 'USD' | 'VES' }) {
  return <span>{currency === 'USD' ? formatUsd(amount) : formatBolivares(amount)}</span>;
}
