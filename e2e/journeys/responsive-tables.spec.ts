import type { Locator, Page } from '@playwright/test';
import { ADMIN, bearer, ok, PASSWORD, SELLER } from '../support/api';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { CLIENT, seedFinancedRequest } from '../support/financed-sale';
import { screenshot, signIn, signOut } from '../support/ui';

// Issue 15: at 768 px the wide tables show each row as a card naming every column (data-table-cards.tsx), and at
// 1366 px the plans' 'Activo' switch stays in view while the prices scroll under it.

/**
 * Every column of the table's first row can be read without scrolling sideways: the card shows each column's
 * title, visible, and every cell lies inside the page's width.
 */
async function expectEveryColumnInView(page: Page, table: Locator) {
  const width = page.viewportSize()!.width;
  const titles = (await table.getByRole('columnheader').allTextContents())
    .map((title) => title.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  expect(titles.length).toBeGreaterThan(3);
  // Row 0 is the header's; row 1 the first card.
  const card = table.getByRole('row').nth(1);
  for (const title of titles) {
    await expect(card.getByText(title, { exact: true }).first(), title).toBeVisible();
  }
  for (const cell of await card.getByRole('cell').all()) {
    const box = await cell.boundingBox();
    expect(box!.x + box!.width, (await cell.textContent()) ?? '').toBeLessThanOrEqual(width);
  }
}

test('tables at 768 px show every column as cards; the plans keep Activo in view at 1366 px', async ({
  page,
  request,
}) => {
  const { admin, solicitud } = await seedFinancedRequest(request);
  await ok(
    await request.post('/api/v1/admin/convertir-contrato', {
      headers: bearer(admin),
      data: { SolicitudId: solicitud.id },
    }),
  );
  await page.setViewportSize({ width: 768, height: 1024 });

  // Reporte de pagos: the contract as a card, and its lines, opened, as cards with their buttons.
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await page.goto('/ventas/reporte-pagos');
  const reports = page.getByRole('table', { name: 'Reporte de pagos' });
  await expect(reports.getByRole('row').filter({ hasText: CLIENT.nombre })).toBeVisible();
  await expectEveryColumnInView(page, reports);
  await reports.getByRole('button', { name: 'Expandir fila' }).click();
  const lines = page.getByRole('table', { name: `Detalles de ${solicitud.numero_solicitud}` });
  await expectEveryColumnInView(page, lines);
  await expect(
    lines.getByRole('button', { name: `Reportar Pago de ${solicitud.numero_solicitud}` }),
  ).toBeVisible();
  await screenshot(page, 'responsive-01-reporte-pagos-768');
  await expectAccessible(page);
  await signOut(page);

  // Historial de ingresos: the summary and the contracts as cards, the totals under them.
  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await page.goto('/administracion/historial-ingresos');
  const contracts = page.getByRole('table', { name: 'Contratos', exact: true });
  await expect(contracts.getByRole('row').filter({ hasText: 'CON-000001' })).toBeVisible();
  await expectEveryColumnInView(page, contracts);
  await expectEveryColumnInView(page, page.getByRole('table', { name: 'Resumen por supervisor y vendedor' }));
  await expect(contracts.getByText('Total Financiado', { exact: true })).toBeVisible();
  await screenshot(page, 'responsive-02-historial-ingresos-768');
  await expectAccessible(page);

  // Planes at 1366 px beside the menu: the prices scroll sideways, the switch stays in view.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/administracion/gestionar-planes');
  const plans = page.getByRole('table', { name: 'Planes' });
  // The switch's cell whole inside the window (MUI's hidden input is wider than the switch it covers).
  const firstActive = plans.getByRole('row').nth(1).getByRole('cell').last();
  await expect(firstActive.getByRole('switch', { name: 'Activo: Cremación Básica' })).toBeChecked();
  await expect(firstActive).toBeInViewport({ ratio: 1 });
  await expect(plans.getByRole('columnheader', { name: 'Activo' })).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'responsive-03-planes-1366');
});
