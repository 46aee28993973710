import { expect, test } from '../support/fixtures';
import { ADMIN, PASSWORD, SELLER } from '../support/api';
import { expectAccessible } from '../support/axe';
import { setUpColumbarium, setUpSales } from '../support/sales-setup';
import { openMenu, screenshot, signIn } from '../support/ui';

// Issue 15 'See': the plot map of the office (state per plot, legend, zoom, details on click, the niches by
// chapel) and a seller picking a free plot on the map of the parcel form.

test('the office reads the inventory on the map and a seller picks a free plot from it', async ({
  page,
  request,
}) => {
  const { admin } = await setUpSales(request, page);
  await setUpColumbarium(request, page, admin);

  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await openMenu(page, 'Gestión de Planes', 'Mapa del inventario');
  await expect(page.getByRole('heading', { name: 'Mapa del inventario' })).toBeVisible();
  const grid = page.getByRole('grid', { name: /Sector A01/ });
  await expect(grid.getByRole('button')).toHaveCount(3);
  await expect(
    grid.getByRole('button', { name: 'Parcela A01-02-01: disponible, 3 de 3 puestos disponibles' }),
  ).toBeVisible();
  await expect(
    grid.getByRole('button', { name: 'Parcela A01-02-03: ocupada, 0 de 3 puestos disponibles' }),
  ).toBeVisible();
  const legend = page.getByRole('list', { name: 'Leyenda' });
  await expect(legend).toContainText('Disponible (1)');
  await expect(legend).toContainText('Ocupada (2)');

  // Keyboard: the first plot is in the tab order, the arrows move along the row, Enter opens it.
  await grid.getByRole('button').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(grid.getByRole('button', { name: /^Parcela A01-02-02/ })).toBeFocused();
  await page.getByRole('button', { name: 'Acercar' }).click();
  await expect(page.getByText('Zoom 125 %')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'mapa-01-parcelas-1366');
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, 'mapa-02-parcelas-768');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 900 });

  await grid.getByRole('button', { name: /^Parcela A01-02-02/ }).click();
  const detail = page.getByRole('dialog', { name: 'Parcela A01-02-02' });
  await expect(detail.getByText('Sin ventas registradas.')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await detail.getByRole('button', { name: 'Cerrar' }).click();

  await page.getByRole('tab', { name: 'Nichos de columbario' }).click();
  await expect(page).toHaveURL(/vista=nichos/);
  const niches = page.getByRole('grid', { name: /Capilla San José, lado Izquierdo Externo/ });
  await expect(niches.getByRole('button', { name: 'Nicho C1-A-02: ocupado' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'mapa-03-nichos');

  // A seller picks the plot with one free seat on the parcel form's map; the code is filled in and checked.
  await page.getByRole('button', { name: /cerrar sesión/i }).click();
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await openMenu(page, 'Productos', 'Parcelas');
  await page.getByRole('button', { name: 'Ver Mapa' }).click();
  const map = page.getByRole('dialog', { name: 'Mapa de Parcelas' });
  await map.getByRole('button', { name: /^Parcela A01-02-02/ }).click();
  await expect(map).toBeHidden();
  await expect(page.getByLabel(/^Código de Parcela/)).toHaveValue('A01-02-02');
  await expect(page.getByText('Puestos disponibles: 1')).toBeVisible();
});
