// Money is kept as integer cents in code (DESIGN §3 Money): no float drift.
export type Cents = number;

export function toCents(value: number | string | null | undefined): Cents {
  if (value === null || value === undefined || value === '') return 0;
  const text = typeof value === 'number' ? value.toFixed(4) : value.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`Importe no válido: ${String(value)}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  // Round half away from zero on the third decimal.
  const padded = (fraction + '000').slice(0, 3);
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return negative ? -cents : cents;
}

export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** Two-decimal string for numeric(14,2) columns. */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Multiplies an amount by a percentage given in basis points, rounded to the cent. */
export function percentOf(cents: Cents, basisPoints: number): Cents {
  return Math.round((cents * basisPoints) / 10_000);
}

const usdFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** SPEC §9: amounts with 2 decimals and thousands separators; USD shows a $ prefix. */
export function formatUsd(amount: number): string {
  return `$${usdFormat.format(amount)}`;
}

export function formatAmount(amount: number): string {
  return usdFormat.format(amount);
}
