// Amounts as the screens and exports write them, from integer cents.

// Issue 10 §8: the Venezuelan format ('.' groups thousands, ',' before the cents), as de-DE writes it.
const grouped = (cents: number) =>
  (cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const usd = (cents: number) => `$ ${grouped(cents)}`;
export const bolivares = (cents: number) => `${grouped(cents)} Bs.`;

/** CSV exports: a decimal comma and no thousands separator, for a Spanish-locale Excel. */
export const csvAmount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
