import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '@camposanto/domain';
import { expectAccessible } from '../support/axe';
import { downloadedText } from '../support/downloads';
import { ADMIN, bearer, createFirstAdmin, createStaff, ok, PASSWORD, SELLER, tokenOf } from '../support/api';
import { expect, test } from '../support/fixtures';
import { createClientAs } from '../support/sales-setup';
import { chooseOption, signIn } from '../support/ui';

// Issue 15 (decision 032) on the payments lists of the administration: search, sort, filter, reload (the URL keeps
// them) and the CSV read back on Historial de Cuotas; Cobranza, Verificación de pagos and Historial de ingresos
// searched and passing axe with their toolbars.

/** A client of the seller with a financed cremation request, converted to a contract by the office. */
async function financedContract(
  request: APIRequestContext,
  { seller, admin }: { seller: string; admin: string },
  client: { nombre: string; cedula: string },
  cuotas: number,
) {
  const created = await createClientAs(request, seller, client);
  const plans = await ok<Array<{ id: number }>>(
    await request.get('/api/planes/solicitudes', {
      headers: bearer(seller),
      params: { tipo_servicio: 'cremacion' },
    }),
  );
  const { items } = await ok<{ items: Array<{ id: number }> }>(
    await request.post('/api/v1/solicitudes/', {
      headers: bearer(seller),
      data: [
        {
          cliente_id: created.id,
          tipo_servicio: 'cremacion',
          modalidadPago: 'Financiado',
          detalles: [{ plan_id: plans[0]!.id, metodoPago: 'USD', pagoInicial: 100, cuotas }],
        },
      ],
    }),
  );
  const converted = await ok<{ numero_contrato?: string; contrato?: { numero_contrato: string } }>(
    await request.post('/api/v1/admin/convertir-contrato', {
      headers: bearer(admin),
      data: { SolicitudId: items[0]!.id },
    }),
  );
  return converted;
}

const clientsShown = (page: Page) =>
  page
    .getByRole('table', { name: 'Contratos financiados' })
    .locator('tbody tr')
    .filter({ hasText: /Ramos|Ortiz/ })
    .allInnerTexts();

test('payments lists: search, sort, filter, reload and CSV on Historial de Cuotas; axe on each list', async ({
  page,
  request,
}) => {
  const admin = await createFirstAdmin(request);
  await createStaff(request, admin, SELLER, 'vendedor');
  const seller = await tokenOf(request, SELLER.email, PASSWORD);
  await financedContract(request, { seller, admin }, { nombre: 'Zulema Ramos', cedula: 'V-60111222' }, 3);
  await financedContract(request, { seller, admin }, { nombre: 'Xenia Ramos', cedula: 'V-60111444' }, 6);
  await financedContract(request, { seller, admin }, { nombre: 'Yago Ortiz', cedula: 'V-60111333' }, 4);

  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await page.goto('/administracion/gestionar-cuotas');
  await expect(page.getByRole('table', { name: 'Contratos financiados' })).toContainText('Yago Ortiz');

  // Search by surname: the two Ramos contracts; sorted by client, then backwards.
  const search = page.getByLabel('Buscar por cliente, cédula o contrato');
  await search.fill('ramos');
  await expect(page).toHaveURL(/q=ramos/);
  const byClient = page.getByRole('button', { name: 'Cliente', exact: true });
  await byClient.click();
  await expect
    .poll(async () => (await clientsShown(page)).map((row) => row.includes('Xenia')))
    .toEqual([true, false]);
  await byClient.click();
  await expect(page.getByRole('columnheader', { name: 'Cliente' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect
    .poll(async () => (await clientsShown(page)).map((row) => row.includes('Zulema')))
    .toEqual([true, false]);

  // Filter by the seller.
  await chooseOption(page, 'Vendedor', SELLER.name);
  await expect(page).toHaveURL(/vendedor_id=\d+/);
  await expect.poll(async () => (await clientsShown(page)).length).toBe(2);

  // A reload keeps search, order and filter.
  await page.reload();
  await expect(page.getByLabel('Buscar por cliente, cédula o contrato')).toHaveValue('ramos');
  await expect(page.getByRole('columnheader', { name: 'Cliente' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(async () => (await clientsShown(page)).length).toBe(2);
  await expectAccessible(page);

  // The CSV is what the filter selects, in its order: BOM, ';', the screen's titles, amounts with a decimal comma.
  const csv = await downloadedText(page, /^cuotas-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const rows = parseCsv(csv).map((row) => row.values);
  expect(rows[0]).toEqual([
    'Número de Contrato',
    'Vendedor',
    'Cliente',
    'Cédula',
    'Fecha',
    'Tipo de Servicio',
    'Pago Inicial',
    'Total con Descuento',
    'Precio del Plan',
  ]);
  expect(rows.slice(1).map((row) => [row[2], row[3]])).toEqual([
    ['Zulema Ramos', 'V-60111222'],
    ['Xenia Ramos', 'V-60111444'],
  ]);
  expect(rows[1]![6]).toBe('100,00');
  expect(rows[1]![8]).toMatch(/^\d+,\d{2}$/);

  // A search that finds nobody says so.
  await search.fill('nadie');
  await expect(page.getByText('No se encontraron resultados para «nadie».')).toBeVisible();

  // Cobranza, Verificación de pagos and Historial de ingresos: searched, and axe-clean with their toolbars.
  await page.goto('/administracion/cobranza?q=ramos');
  await expect(page.getByLabel('Buscar por cliente, cédula o contrato')).toHaveValue('ramos');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/administracion/verificacion-pagos');
  await page.getByLabel('Buscar por cliente, cédula, número o referencia').fill('ramos');
  await expect(page).toHaveURL(/q=ramos/);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/administracion/historial-ingresos');
  await page.getByLabel('Buscar contratos por cliente, cédula o número').fill('ortiz');
  await expect(page.getByRole('table', { name: 'Contratos' })).toContainText('Yago Ortiz');
  await expect(page.getByRole('table', { name: 'Contratos' })).not.toContainText('Ramos');
  await expect(
    page.getByText('El resumen y los totales corresponden a los filtros, sin la búsqueda.'),
  ).toBeVisible();
  await expectAccessible(page);
  const income = parseCsv(
    await downloadedText(
      page,
      /^historial-ingresos-contratos-\d{4}-\d{2}-\d{2}\.csv$/,
      'Exportar contratos (CSV)',
    ),
  );
  expect(income.slice(1).map((row) => row.values[1])).toEqual(['Yago Ortiz']);
});
