// DESIGN §3 Dates: business dates are in America/Caracas, which has kept UTC−04:00 all year since 2016.
const CARACAS_OFFSET = '-04:00';

/** The instant a business day `YYYY-MM-DD` starts in Caracas. */
export function businessDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${CARACAS_OFFSET}`);
}

export function nextBusinessDayStart(day: string): Date {
  const start = businessDayStart(day);
  return new Date(start.getTime() + 24 * 60 * 60 * 1000);
}

/** The business date (YYYY-MM-DD) of an instant, in Caracas. */
export function businessDate(instant: Date): string {
  return new Date(instant.getTime() - 4 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A date `months` later, on the same day or the month's last day when shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}
