import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ADMIN, bearer, ok, OTHER_SELLER, PASSWORD, SELLER, tokenOf } from '../support/api';
import { expectAccessible } from '../support/axe';
import { createClientAs, setUpSales } from '../support/sales-setup';
import { screenshot, signIn, signOut } from '../support/ui';

// Issue 15: the header's search (Ctrl+K) by cédula, contract number and plot code, a result opened from the
// keyboard or the pointer, a group's 'Ver todos en …' opening its list already searched, and a seller who never
// sees another seller's client.

const OWN = { nombre: 'Rosa Buscada', cedula: 'V-17555444' };
const FOREIGN = { nombre: 'Rosa Ajena', cedula: 'V-17555999' };

/** Through the API: the sales set-up, the seller's client with a cash plot request made a contract, and another seller's client. */
async function seed(request: APIRequestContext, page: Page) {
  const { admin } = await setUpSales(request, page);
  const seller = await tokenOf(request, SELLER.email, PASSWORD);
  const client = await createClientAs(request, seller, OWN);
  const [plan] = await ok<Array<{ id: number }>>(
    await request.get('/api/planes/solicitudes', {
      headers: bearer(seller),
      params: { tipo_servicio: 'parcela' },
    }),
  );
  const created = await ok<{ items: Array<{ id: number; numero_solicitud: string }> }>(
    await request.post('/api/v1/solicitudes/', {
      headers: bearer(seller),
      data: [
        {
          cliente_id: client.id,
          tipo_servicio: 'parcelas',
          modalidadPago: 'De Contado',
          detalles: [{ plan_id: plan!.id, codigo: 'A01-02-01', metodoPago: 'USD' }],
        },
      ],
    }),
  );
  const { numero_contrato: contract } = await ok<{ numero_contrato: string }>(
    await request.post('/api/v1/admin/convertir-contrato', {
      headers: bearer(admin),
      data: { SolicitudId: created.items[0]!.id },
    }),
  );
  await createClientAs(request, await tokenOf(request, OTHER_SELLER.email, PASSWORD), FOREIGN);
  return { contract, requestNumber: created.items[0]!.numero_solicitud };
}

/** Opens the search with the shortcut and types `text`; the open dialog. */
async function searchFor(page: Page, text: string) {
  // The shortcut is heard once the area's header is there (it loads after the address changes).
  await expect(page.getByRole('button', { name: 'Buscar (Ctrl+K)' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Búsqueda' });
  await dialog.getByRole('combobox', { name: 'Buscar' }).fill(text);
  return dialog;
}

test('the header search finds by cédula, contract number and plot code, and a seller sees only their own', async ({
  page,
  request,
}) => {
  // Two sign-ins and five searches on a shared, busy machine.
  test.setTimeout(240_000);
  page.context().setDefaultNavigationTimeout(20_000);
  const { contract, requestNumber } = await seed(request, page);

  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);

  // By cédula: the client, and the contract that is theirs, each under its heading.
  let dialog = await searchFor(page, OWN.cedula);
  const clients = dialog.getByRole('group', { name: 'Clientes' });
  await expect(clients.getByRole('option')).toHaveText([new RegExp(OWN.nombre)]);
  await expect(dialog.getByRole('group', { name: 'Contratos' }).getByRole('option')).toHaveText([
    new RegExp(`${contract}.*${requestNumber}`),
    'Ver todos en Contratos Activos',
  ]);
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'search-01-cedula');

  // The contracts' 'Ver todos' opens Contratos Activos with the cédula searched, and closes the search.
  await dialog.getByRole('option', { name: 'Ver todos en Contratos Activos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/administracion\/gestionar-contratos\?q=V-17555444$/);
  await expect(page.getByLabel('Buscar por cliente, cédula o número')).toHaveValue(OWN.cedula);
  await expect(page.getByText(contract).first()).toBeVisible();

  // By contract number, opened with Enter: the active contracts.
  dialog = await searchFor(page, contract);
  await expect(dialog.getByRole('option', { name: new RegExp(contract) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/administracion\/gestionar-contratos$/);
  await expect(page.getByRole('heading', { name: 'Contratos Activos', exact: true })).toBeVisible();
  await expect(page.getByText(contract).first()).toBeVisible();

  // By plot code, picked with the pointer: the plots.
  dialog = await searchFor(page, 'a01-02-03');
  await dialog.getByRole('option', { name: /A01-02-03/ }).click();
  await expect(page).toHaveURL(/\/administracion\/gestionar-parcelas$/);
  await expect(page.getByRole('heading', { name: 'Parcelas', exact: true })).toBeVisible();

  // Nothing found: the empty state names the text.
  dialog = await searchFor(page, 'zzz%_');
  await expect(dialog.getByText('Sin resultados para «zzz%_»')).toBeVisible();
  await page.keyboard.press('Escape');
  await signOut(page);

  // The seller: their own Rosa, never the other seller's, and her list in the sales area.
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  // Two letters find the start of a word: her surname's; the other seller's client's ('aj') finds nothing.
  dialog = await searchFor(page, 'bu');
  await expect(
    dialog.getByRole('group', { name: 'Clientes' }).getByRole('option', { name: new RegExp(OWN.nombre) }),
  ).toBeVisible();
  await screenshot(page, 'search-03-two-letters');
  await page.keyboard.press('Escape');
  dialog = await searchFor(page, 'aj');
  await expect(dialog.getByText('Sin resultados para «aj»')).toBeVisible();
  await page.keyboard.press('Escape');
  dialog = await searchFor(page, 'rosa');
  await expect(dialog.getByRole('group', { name: 'Clientes' }).getByRole('option')).toHaveText([
    new RegExp(OWN.nombre),
    'Ver todos en Clientes',
  ]);
  await expect(dialog.getByText(FOREIGN.nombre)).toHaveCount(0);
  await expectAccessible(page, '[role="dialog"]');
  await dialog
    .getByRole('group', { name: 'Clientes' })
    .getByRole('option', { name: new RegExp(OWN.nombre) })
    .click();
  await expect(page).toHaveURL(/\/ventas\/clientes$/);
  await expect(page.getByText(OWN.nombre).first()).toBeVisible();
});

test('the search opens from the header button at a tablet width', async ({ page, request }) => {
  await setUpSales(request, page);
  await page.setViewportSize({ width: 768, height: 900 });
  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await page.getByRole('button', { name: 'Buscar (Ctrl+K)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Búsqueda' });
  await dialog.getByRole('combobox', { name: 'Buscar' }).fill('A01-02');
  await expect(
    dialog.getByRole('group', { name: 'Parcelas' }).getByRole('option', { name: /^A01-02-/ }),
  ).toHaveCount(3);
  await expect(dialog.getByRole('option', { name: 'Ver todos en Parcelas' })).toBeVisible();
  await screenshot(page, 'search-02-tablet');
  await expectAccessible(page);
});
