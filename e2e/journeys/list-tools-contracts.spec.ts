import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '@camposanto/domain';
import { expectAccessible } from '../support/axe';
import { downloadedText } from '../support/downloads';
import { ADMIN, bearer, createFirstAdmin, createStaff, ok, PASSWORD, SELLER, tokenOf } from '../support/api';
import { expect, test } from '../support/fixtures';
import { createClientAs } from '../support/sales-setup';
import { chooseOption, signIn } from '../support/ui';

// Issue 15 (decision 032) on the administration's contract lists: search, sort, filter, reload (the URL keeps
// them) and the CSV read back on Gestionar Solicitudes and Contratos Activos; every contract list passes axe.

/** A client of the seller with one cremation request of the given modality; its request's id and number. */
async function clientWithRequest(
  request: APIRequestContext,
  seller: string,
  client: { nombre: string; cedula: string },
  modalidadPago: 'De Contado' | 'Financiado',
) {
  const created = await createClientAs(request, seller, client);
  const plans = await ok<Array<{ id: number }>>(
    await request.get('/api/planes/solicitudes', {
      headers: bearer(seller),
      params: { tipo_servicio: 'cremacion' },
    }),
  );
  const detalle =
    modalidadPago === 'Financiado'
      ? { plan_id: plans[0]!.id, metodoPago: 'USD', pagoInicial: 100, cuotas: 3 }
      : { plan_id: plans[0]!.id, metodoPago: 'USD' };
  const { items } = await ok<{ items: Array<{ id: number; numero_solicitud: string }> }>(
    await request.post('/api/v1/solicitudes/', {
      headers: bearer(seller),
      data: [{ cliente_id: created.id, tipo_servicio: 'cremacion', modalidadPago, detalles: [detalle] }],
    }),
  );
  return items[0]!;
}

const numbers = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).locator('tbody tr td:first-child').allInnerTexts();

test('contract lists: search, sort, filter, reload and CSV on requests and contracts; axe on each list', async ({
  page,
  request,
}) => {
  const admin = await createFirstAdmin(request);
  await createStaff(request, admin, SELLER, 'vendedor');
  const seller = await tokenOf(request, SELLER.email, PASSWORD);
  const zulema = await clientWithRequest(
    request,
    seller,
    { nombre: 'Zulema Ramos', cedula: 'V-50111222' },
    'Financiado',
  );
  const yago = await clientWithRequest(
    request,
    seller,
    { nombre: 'Yago Ortiz', cedula: 'V-50111333' },
    'De Contado',
  );
  const xenia = await clientWithRequest(
    request,
    seller,
    { nombre: 'Xenia Ramos', cedula: 'V-50111444' },
    'De Contado',
  );
  await ok(
    await request.post('/api/v1/admin/convertir-contrato', {
      headers: bearer(admin),
      data: { SolicitudId: yago.id },
    }),
  );

  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await page.goto('/administracion/gestionar-solicitudes');
  await expect(page.getByRole('row', { name: new RegExp(zulema.numero_solicitud) })).toBeVisible();

  // Search by surname: the two Ramos requests still to convert; sorted by number, then backwards.
  await page.getByLabel('Buscar por cliente, cédula o número').fill('ramos');
  await expect(page).toHaveURL(/q=ramos/);
  const byNumber = page.getByRole('button', { name: 'Nº Solicitud' });
  await byNumber.click();
  await expect
    .poll(() => numbers(page, 'Solicitudes'))
    .toEqual([zulema.numero_solicitud, xenia.numero_solicitud]);
  await byNumber.click();
  await expect(page.getByRole('columnheader', { name: 'Nº Solicitud' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect
    .poll(() => numbers(page, 'Solicitudes'))
    .toEqual([xenia.numero_solicitud, zulema.numero_solicitud]);

  // Filter by the service, then narrow the search to one cédula.
  await chooseOption(page, 'Tipo de Servicio', 'Cremación');
  await expect(page).toHaveURL(/tipo_servicio=cremacion/);
  await page.getByLabel('Buscar por cliente, cédula o número').fill('V-50111222');
  await expect.poll(() => numbers(page, 'Solicitudes')).toEqual([zulema.numero_solicitud]);

  // A reload keeps search, order and filter.
  await page.reload();
  await expect(page.getByLabel('Buscar por cliente, cédula o número')).toHaveValue('V-50111222');
  await expect(page.getByRole('columnheader', { name: 'Nº Solicitud' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(() => numbers(page, 'Solicitudes')).toEqual([zulema.numero_solicitud]);
  await expectAccessible(page);

  // The CSV is what the filter selects: BOM, ';', the screen's titles, one row with a decimal comma.
  const requests = await downloadedText(page, /^solicitudes-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(requests.charCodeAt(0)).toBe(0xfeff);
  const requestRows = parseCsv(requests).map((row) => row.values);
  expect(requestRows[0]).toEqual([
    'Nº Solicitud',
    'Cliente',
    'Cédula',
    'Vendedor',
    'Tipo de Servicio',
    'Fecha de Creación',
    'Monto Total',
    'Modalidad de Pago',
    'Estado',
  ]);
  expect(requestRows.slice(1)).toHaveLength(1);
  expect(requestRows[1]!.slice(0, 5)).toEqual([
    zulema.numero_solicitud,
    'Zulema Ramos',
    'V-50111222',
    SELLER.name,
    'Cremación',
  ]);
  expect(requestRows[1]![6]).toMatch(/^\d+,\d{2}$/);

  // Contratos Activos: Yago's contract found by his cédula, and the empty text of a search that finds none.
  await page.goto('/administracion/gestionar-contratos');
  await page.getByLabel('Buscar por cliente, cédula o número').fill('50111333');
  await expect(page.getByRole('row', { name: /Yago Ortiz/ })).toBeVisible();
  await expectAccessible(page);
  const contracts = parseCsv(await downloadedText(page, /^contratos-activos-\d{4}-\d{2}-\d{2}\.csv$/));
  expect(contracts.slice(1).map((row) => row.values[2])).toEqual(['Yago Ortiz']);
  await page.getByLabel('Buscar por cliente, cédula o número').fill('ramos');
  await expect(page.getByText('No se encontraron resultados para «ramos».')).toBeVisible();

  // The other contract lists pass axe with their toolbars.
  for (const path of [
    'gestionar-solicitudes-caducadas',
    'historial-pagos-contado',
    'historial-pagos-financiados',
  ]) {
    await page.goto(`/administracion/${path}`);
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectAccessible(page);
  }
});
