import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is (WCAG 2.0, 2.1 and 2.2 A and AA rules; 2.2 adds target-size, 2.5.8) and fails
 * with the rules broken and where.
 * `include` narrows it to a part of the page, e.g. an open dialog.
 */
export async function expectAccessible(page: Page, include?: string) {
  // A tooltip fading in under the pointer is half transparent, and axe would read its contrast mid-way: the pointer
  // leaves and the tooltips it opened are given time to go (one held open by keyboard focus stays, and is checked).
  await page.mouse.move(0, 0);
  await page
    .getByRole('tooltip')
    .first()
    .waitFor({ state: 'detached', timeout: 2_000 })
    .catch(() => undefined);
  // A toast bouncing in or out is half transparent too: react-toastify marks it `Toastify--animate` until its
  // animation ends. It is given a moment, and one still moving is left out of the check (a settled toast is checked).
  const movingToast = '.Toastify__toast.Toastify--animate';
  await page
    .locator(movingToast)
    .first()
    .waitFor({ state: 'detached', timeout: 1_500 })
    .catch(() => undefined);
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude(movingToast);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
  // Soft: the journey goes on and its run lists every screen's violations at once; the test still fails.
  expect.soft(found, `axe-core on ${page.url()}${include ? ` (${include})` : ''}`).toEqual([]);
}
