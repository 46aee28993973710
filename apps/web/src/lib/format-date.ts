import dayjs from 'dayjs';

/** SPEC §9: dates are dd/MM/yyyy, in the browser's local time. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('DD/MM/YYYY') : '—';
}
