import { expect, type Page } from '@playwright/test';

/** Signs in through the login page and waits for the role's landing page. */
export async function signIn(page: Page, username: string, password: string, landing: RegExp) {
  await page.goto('/');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('Login exitoso!')).toBeVisible();
  await expect(page).toHaveURL(landing, { timeout: 15_000 });
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /cerrar sesión/i }).click();
  await expect(page.getByText('Cerrando sesión...')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
}

/**
 * Opens a side-menu group and follows one of its entries, until the address is the entry's. Right after a change
 * of width across the md breakpoint the drawer changes variant and its menu is mounted again; a click that lands
 * while that happens is lost, so the whole step is tried again.
 */
export async function openMenu(page: Page, group: string, entry: string | RegExp) {
  const navigation = page.getByRole('navigation');
  // A RegExp for an entry whose name carries a count (e.g. 'Verificación de pagos 1 pendientes').
  const link = navigation.getByRole('link', { name: entry, exact: typeof entry === 'string' });
  await expect(async () => {
    if (!(await link.isVisible()))
      await navigation.getByRole('button', { name: group }).click({ timeout: 5_000 });
    const href = await link.getAttribute('href', { timeout: 5_000 });
    await link.click({ timeout: 5_000 });
    await expect(page).toHaveURL((url) => url.pathname === href, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Chooses `option` in the select labelled `label`, until its list has closed. A click that lands while the list
 * is still opening is lost (seen in CI under load: the list stayed open over the table), so the whole step is
 * tried again.
 */
export async function chooseOption(page: Page, label: string, option: string) {
  const list = page.getByRole('listbox', { name: label });
  await expect(async () => {
    if (!(await list.isVisible())) await page.getByLabel(label, { exact: true }).click({ timeout: 5_000 });
    await list.getByRole('option', { name: option }).click({ timeout: 5_000 });
    await expect(list).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * A screen kept for review in e2e/.artifacts/screens. Chromium may refuse to capture a page that is not in front
 * ('Unable to capture screenshot', seen once in CI): the page is brought to the front and captured again.
 */
export async function screenshot(page: Page, name: string) {
  const capture = () => page.screenshot({ path: `e2e/.artifacts/screens/${name}.png`, fullPage: true });
  try {
    await capture();
  } catch {
    await page.bringToFront();
    await capture();
  }
}
