import type { APIRequestContext, Page } from '@playwright/test';
import { parseCsv } from '@camposanto/domain';
import { expectAccessible } from '../support/axe';
import { downloadedText } from '../support/downloads';
import {
  bearer,
  createFirstAdmin,
  createStaff,
  ok,
  OTHER_SELLER,
  PASSWORD,
  SELLER,
  tokenOf,
} from '../support/api';
import { expect, test } from '../support/fixtures';
import { createClientAs } from '../support/sales-setup';
import { chooseOption, signIn } from '../support/ui';

// Issue 15 (decision 032) on the seller's lists: search, sort, filter, reload (the URL keeps them) and the CSV read
// back on Solicitudes; another seller's client never shows, nor reaches the CSV; every sales list passes axe.

/** A client of the seller, with a cash cremation request when `withRequest`; the request's number. */
async function clientOf(
  request: APIRequestContext,
  seller: string,
  client: { nombre: string; cedula: string },
  withRequest = true,
) {
  const created = await createClientAs(request, seller, client);
  if (!withRequest) return undefined;
  const plans = await ok<Array<{ id: number }>>(
    await request.get('/api/planes/solicitudes', {
      headers: bearer(seller),
      params: { tipo_servicio: 'cremacion' },
    }),
  );
  const { items } = await ok<{ items: Array<{ numero_solicitud: string }> }>(
    await request.post('/api/v1/solicitudes/', {
      headers: bearer(seller),
      data: [
        {
          cliente_id: created.id,
          tipo_servicio: 'cremacion',
          modalidadPago: 'De Contado',
          detalles: [{ plan_id: plans[0]!.id, metodoPago: 'USD' }],
        },
      ],
    }),
  );
  return items[0]!.numero_solicitud;
}

/** The client names of the list, top to bottom. */
const clientNames = async (page: Page) =>
  (await page.getByRole('table', { name: 'Clientes' }).locator('tbody > tr').allInnerTexts())
    .map((text) => /[A-Z][a-z]+ Ramos|Yago Ortiz/.exec(text)?.[0])
    .filter(Boolean);

test('sales lists: search, sort, filter, reload and CSV on Solicitudes, own clients only; axe on each list', async ({
  page,
  request,
}) => {
  const admin = await createFirstAdmin(request);
  await createStaff(request, admin, SELLER, 'vendedor');
  await createStaff(request, admin, OTHER_SELLER, 'vendedor');
  const seller = await tokenOf(request, SELLER.email, PASSWORD);
  const other = await tokenOf(request, OTHER_SELLER.email, PASSWORD);
  const zulema = await clientOf(request, seller, { nombre: 'Zulema Ramos', cedula: 'V-50111222' });
  await clientOf(request, seller, { nombre: 'Xenia Ramos', cedula: 'V-50111444' });
  await clientOf(request, seller, { nombre: 'Yago Ortiz', cedula: 'V-50111333' }, false);
  await clientOf(request, other, { nombre: 'Rosa Ramos', cedula: 'V-50111555' });

  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await page.goto('/ventas/solicitudes');
  await expect(page.getByRole('row', { name: /Yago Ortiz/ })).toBeVisible();

  // Search by surname: the seller's two Ramos, never the other seller's Rosa.
  await page.getByLabel('Buscar por cliente, cédula, teléfono o número').fill('ramos');
  await expect(page).toHaveURL(/q=ramos/);
  await expect.poll(() => clientNames(page)).toEqual(['Xenia Ramos', 'Zulema Ramos']);

  // Sort by name, descending on the second click.
  const byName = page.getByRole('button', { name: 'Nombre' });
  await byName.click();
  await byName.click();
  await expect(page.getByRole('columnheader', { name: 'Nombre' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => clientNames(page)).toEqual(['Zulema Ramos', 'Xenia Ramos']);

  // Filter by service: both have a cremation; by state CONTRATO: none yet.
  await chooseOption(page, 'Servicio', 'Cremación');
  await expect(page).toHaveURL(/servicio=cremacion/);
  await expect.poll(() => clientNames(page)).toEqual(['Zulema Ramos', 'Xenia Ramos']);

  // A reload keeps search, order and filter.
  await page.reload();
  await expect(page.getByLabel('Buscar por cliente, cédula, teléfono o número')).toHaveValue('ramos');
  await expect(page.getByRole('columnheader', { name: 'Nombre' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => clientNames(page)).toEqual(['Zulema Ramos', 'Xenia Ramos']);
  await expectAccessible(page);

  // The CSV is what the filter selects: BOM, ';', one row per request, the amount with a decimal comma.
  const csv = await downloadedText(page, /^solicitudes-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const rows = parseCsv(csv).map((row) => row.values);
  expect(rows[0]!.slice(0, 6)).toEqual([
    'Nombre',
    'Cédula',
    'Teléfono',
    'Dirección',
    'Correo',
    'No. Transacción',
  ]);
  expect(rows.slice(1).map((row) => row[0])).toEqual(['Zulema Ramos', 'Xenia Ramos']);
  expect(rows[1]![5]).toBe(zulema);
  expect(rows[1]![11]).toMatch(/^\d+,\d{2}$/);

  // Nothing found: the search's own empty text.
  await page.getByLabel('Buscar por cliente, cédula, teléfono o número').fill('rosa');
  await expect(page.getByText('No se encontraron resultados para «rosa».')).toBeVisible();

  // The other sales lists: each with its toolbar, each accessible.
  await page.goto(`/ventas/reporte-pagos?q=${zulema}`);
  await expect(page.getByRole('row', { name: new RegExp(zulema!) })).toBeVisible();
  await expectAccessible(page);
  for (const [path, label] of [
    ['/ventas/clientes', 'Buscar por cliente, cédula, teléfono o número'],
    ['/ventas/contratos', 'Buscar por cliente, cédula, teléfono o número'],
    ['/ventas/historial-pagos', 'Buscar por cliente, número o referencia'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByLabel(label)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
    await expectAccessible(page);
  }
});
