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
