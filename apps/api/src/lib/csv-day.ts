import { businessDate } from './business-time';

/** An instant's business day in Caracas as a Venezuelan spreadsheet shows it, DD/MM/YYYY (issue 15 CSVs). */
export function csvDay(instant: Date | string): string {
  const [year, month, day] = businessDate(new Date(instant)).split('-');
  return `${day}/${month}/${year}`;
}
