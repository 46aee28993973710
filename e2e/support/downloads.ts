import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Clicks the button named exactly `button` (a list's 'Exportar CSV' by default), waits for the file the browser
 * downloads, checks its suggested name and gives its text: the journeys read their CSV exports back.
 */
export async function downloadedText(page: Page, name: RegExp, button = 'Exportar CSV'): Promise<string> {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(name);
  return readFileSync((await file.path())!, 'utf8');
}
