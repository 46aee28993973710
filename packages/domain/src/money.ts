// Money is kept as integer cents in code (DESIGN §3 Money): no float drift.
export type Cents = number;

// The text PostgreSQL gives for numeric(14,2), read directly: the request lists read thousands of amounts a second
// (issue 12), and this is a third of the general path's cost. Anything else takes the general path.
const STORED_AMOUNT = /^(-?)(\d{1,13})\.(\d\d)$/;

export function toCents(value: number | string | null | undefined): Cents {
  const stored = typeof value === 'string' ? STORED_AMOUNT.exec(value) : null;
  if (stored) {
    const cents = Number(stored[2]) * 100 + Number(stored[3]);
    return stored[1] ? -cents : cents;
  }
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

// Issue 10 §8: one Venezuelan format for every amount, on screens, e-mails and exports (docs/decisions/010):
// '.' groups thousands and ',' separates the two decimals. Digits are built from exact cents, not Intl, so the
// text is the same in every browser and in Node, and a negative zero never shows a sign.

function groupedCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** Rounds to the cent, or null for what is not a finite amount (shown as '—' rather than 'NaN'). */
function centsOf(amount: number): Cents | null {
  return Number.isFinite(amount) ? toCents(amount) : null;
}

/** A plain amount: '1.234,56'. */
export function formatAmount(amount: number): string {
  const cents = centsOf(amount);
  return cents === null ? '—' : groupedCents(cents);
}

/** SPEC §9: dollars with a $ prefix: '$ 1.234,56', '-$ 5,00'. */
export function formatUsd(amount: number): string {
  const cents = centsOf(amount);
  if (cents === null) return '—';
  return `${cents < 0 ? '-' : ''}$ ${groupedCents(Math.abs(cents))}`;
}

/** Bolívares with the Bs. suffix: '712.443,00 Bs.'. */
export function formatBolivares(amount: number): string {
  const cents = centsOf(amount);
  return cents === null ? '—' : `${groupedCents(cents)} Bs.`;
}

/**
 * An exchange rate in bolívares per dollar, with the 2 to 4 decimals it is stored with (DESIGN §4.9), so the
 * bolívares of a payment can be checked by hand: '36,5123 Bs.', '40,00 Bs.'.
 */
export function formatRate(rate: number): string {
  if (!Number.isFinite(rate)) return '—';
  const tenThousandths = Math.round(Math.abs(rate) * 10_000);
  const extra = String(tenThousandths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const sign = rate < 0 && tenThousandths > 0 ? '-' : '';
  return `${sign}${groupedCents(Math.trunc(tenThousandths / 100))}${extra} Bs.`;
}

/**
 * An amount in a CSV export: decimal comma and no thousands separator ('1234,56'), which a Spanish-locale Excel
 * reads as a number in a ';' separated file and which cannot be mistaken for a thousands group.
 */
export function formatCsvAmount(amount: number): string {
  const cents = centsOf(amount);
  return cents === null ? '' : groupedCents(cents).replaceAll('.', '');
}
