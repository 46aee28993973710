import dayjs from 'dayjs';
import { apiRequest } from './client';
import { saveBlob } from './pdf/download-pdf';

/**
 * Issue 15 (decision 032): what a list's filters select, as the server's CSV (`formato=csv`, with the token),
 * saved as `<name>-YYYY-MM-DD.csv`.
 */
export async function downloadListCsv(
  path: string,
  query: Record<string, string>,
  name: string,
): Promise<void> {
  const blob = await apiRequest<Blob>(path, { query: { ...query, formato: 'csv' }, responseType: 'blob' });
  saveBlob(blob, `${name}-${dayjs().format('YYYY-MM-DD')}.csv`);
}
