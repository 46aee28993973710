import { addMonths, businessDate, businessDayStart, nextBusinessDayStart } from '../../lib/business-time';

/** A span of business days (or months, or years: their first day), 'YYYY-MM-DD', both ends included, either open. */
export type Period = { first?: string; last?: string };

/**
 * The rows of one income rollup (decision 016) over a span of its periods, added to the sums or taken from them:
 * `total` over every year (migration 0020), `anio` per business year, `mes` per month, `dia` per day.
 */
export type RollupPart = { period: 'total' | 'anio' | 'mes' | 'dia'; span: Period; sign: 1 | -1 };

/**
 * The date filter split in what each rollup answers: whole business months (`mes` from `firstMonth` to
 * `lastMonth`, 'YYYY-MM-01') and the days at its edges (`days`, the daily rows). A range inside one month, or
 * across two partial months, is read from the daily rows only.
 */
function splitByMonths(fechaInicio?: string, fechaFin?: string) {
  const firstMonth =
    fechaInicio && (fechaInicio.endsWith('-01') ? fechaInicio : addMonths(firstOf(fechaInicio), 1));
  const lastMonth = fechaFin && (isLastDay(fechaFin) ? firstOf(fechaFin) : addMonths(firstOf(fechaFin), -1));
  if (firstMonth && lastMonth && firstMonth > lastMonth) {
    return { months: undefined, days: [{ first: fechaInicio, last: fechaFin }] };
  }
  const days: Period[] = [];
  if (fechaInicio && firstMonth !== fechaInicio)
    days.push({ first: fechaInicio, last: dayBefore(firstMonth!) });
  if (fechaFin && lastMonth) {
    const afterLast = addMonths(lastMonth, 1);
    if (afterLast <= fechaFin) days.push({ first: afterLast, last: fechaFin });
  }
  return { months: { firstMonth, lastMonth }, days };
}

/** The whole business years of a span of whole months, and the months left at its edges. */
function splitByYears(firstMonth?: string, lastMonth?: string) {
  const firstYear =
    firstMonth && (firstMonth.slice(5, 7) === '01' ? firstMonth : `${yearOf(firstMonth) + 1}-01-01`);
  const lastYear =
    lastMonth && `${lastMonth.slice(5, 7) === '12' ? yearOf(lastMonth) : yearOf(lastMonth) - 1}-01-01`;
  if (firstYear && lastYear && firstYear > lastYear) {
    return { years: undefined, monthSpans: [{ first: firstMonth, last: lastMonth }] };
  }
  const monthSpans: Period[] = [];
  if (firstMonth && firstYear !== firstMonth)
    monthSpans.push({ first: firstMonth, last: addMonths(firstYear!, -1) });
  const afterLastYear = lastYear && `${yearOf(lastYear) + 1}-01-01`;
  if (lastMonth && afterLastYear && afterLastYear <= lastMonth)
    monthSpans.push({ first: afterLastYear, last: lastMonth });
  return { years: { first: firstYear, last: lastYear }, monthSpans };
}

/**
 * The parts of a range of days (either end open; neither: every year's rows): yearly rows for its whole years,
 * monthly rows for the whole months left, daily rows for the days at its edges. Each year the range enters or
 * leaves part-way may instead be read as that year's row less the months and days the range leaves out of it,
 * when that reads fewer rows. The sums are exact either way (the rows add up); only the rows read differ: "the
 * last twelve months" reads a month, two days and a year per seller, less next month and the rest of this month
 * (which have no rows yet), where it read eleven months and a month of days.
 */
export function rangeParts(first?: string, last?: string, today = businessDate(new Date())): RollupPart[] {
  if (!first && !last) return [{ period: 'total', span: {}, sign: 1 }];
  const firstYear = first && yearOf(first);
  const lastYear = last && yearOf(last);
  if (firstYear && firstYear === lastYear) return cheaperOf(first!, last!, today);
  const parts: RollupPart[] = [];
  let whole: Period = { first, last };
  if (firstYear && !first!.endsWith('-01-01')) {
    parts.push(...cheaperOf(first!, `${firstYear}-12-31`, today));
    whole = { ...whole, first: `${firstYear + 1}-01-01` };
  }
  if (lastYear && !last!.endsWith('-12-31')) {
    parts.push(...cheaperOf(`${lastYear}-01-01`, last!, today));
    whole = { ...whole, last: `${lastYear - 1}-12-31` };
  }
  if (!whole.first || !whole.last || whole.first <= whole.last) parts.push(...forwardParts(whole));
  return parts;
}

/** A range of days read forward: yearly, then monthly, then daily rows, all added. */
function forwardParts({ first, last }: Period): RollupPart[] {
  const { months, days } = splitByMonths(first, last);
  const parts: RollupPart[] = [];
  if (months) {
    const { years, monthSpans } = splitByYears(months.firstMonth, months.lastMonth);
    if (years) parts.push({ period: 'anio', span: years, sign: 1 });
    for (const span of monthSpans) parts.push({ period: 'mes', span, sign: 1 });
  }
  for (const span of days) parts.push({ period: 'dia', span, sign: 1 });
  return parts;
}

/** Days `first` to `last` of one year, read forward or as the year less the rest, whichever reads fewer rows. */
function cheaperOf(first: string, last: string, today: string): RollupPart[] {
  const year = yearOf(first);
  const forward = forwardParts({ first, last });
  const left = [
    ...(first > `${year}-01-01` ? forwardParts({ first: `${year}-01-01`, last: dayBefore(first) }) : []),
    ...(last < `${year}-12-31` ? forwardParts({ first: dayAfter(last), last: `${year}-12-31` }) : []),
  ];
  const yearLess: RollupPart[] = [
    { period: 'anio', span: { first: `${year}-01-01`, last: `${year}-01-01` }, sign: 1 },
    ...left.map((part) => ({ ...part, sign: -1 as const })),
  ];
  return rowsRead(yearLess, today) < rowsRead(forward, today) ? yearLess : forward;
}

/**
 * About how many rows per seller and modality the parts read: a yearly or monthly row for each period, and a
 * tenth of one for each day (a seller sells on a few days of a month, and a day without a sale has no row); no
 * row after `today`. An estimate to choose between two exact ways, never a sum.
 */
function rowsRead(parts: RollupPart[], today: string): number {
  return parts.reduce((rows, { period, span }) => {
    const last = span.last! < today ? span.last! : today;
    if (span.first! > last) return rows;
    if (period === 'dia') return rows + ((Date.parse(last) - Date.parse(span.first!)) / 86_400_000 + 1) / 10;
    if (period === 'mes') return rows + monthIndex(last) - monthIndex(span.first!) + 1;
    return rows + 1;
  }, 0);
}

const yearOf = (day: string) => Number(day.slice(0, 4));
const monthIndex = (day: string) => yearOf(day) * 12 + Number(day.slice(5, 7));
const firstOf = (day: string) => `${day.slice(0, 7)}-01`;
const isLastDay = (day: string) => businessDate(nextBusinessDayStart(day)).endsWith('-01');
const dayBefore = (day: string) => businessDate(new Date(businessDayStart(day).getTime() - 1));
const dayAfter = (day: string) => businessDate(nextBusinessDayStart(day));
