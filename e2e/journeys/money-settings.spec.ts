import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { bolivares, usd } from '../support/amounts';
import { ADMIN, bearer, PASSWORD, SELLER, tokenOf } from '../support/api';
import { createClientAs, pngOf, setUpSales } from '../support/sales-setup';
import { expectAccessible } from '../support/axe';
import { openMenu, screenshot, signIn, signOut } from '../support/ui';

// Issue 10 end to end, on a fresh database: administration registers the rate and a receiving account on their
// screens; a financed plot priced in USD has its initial paid in bolívares, the dialog shows the repricing before
// the payment is confirmed, the contract's instalments carry the balance without the USD discount, and Reporte de
// pagos, Historial de cuotas and Historial de ingresos agree to the cent.

const CLIENT = { nombre: 'Lucía Linares', cedula: 'V-31222333' };
const RATE = 40.5;
const ACCOUNT = {
  banco: 'Banco Mercantil',
  titular: 'Camposanto C.A.',
  numero: '0105-0111-22-3334445556',
  rif: 'J-31234567-8',
  telefono: '0414-5550000',
};
// Parcela Jardín (3 puestos) in 3 cuotas: cuota_3 = 3,600 × 1.08 = 3,888.00; initial 500 USD.
const FINANCED_TOTAL = 388_800;
const INITIAL = 50_000;
const USD_DISCOUNT = 10_000; // 20 % of the initial, only when it is paid in dollars
const BALANCE_IN_VES = FINANCED_TOTAL - INITIAL; // 3,388.00: no discount once paid in bolívares
const INSTALMENT = BALANCE_IN_VES / 2;

/** The seller's client and a financed plot request priced in USD, through the API as the form sends it. */
async function financedPlotInUsd(request: APIRequestContext) {
  const seller = await tokenOf(request, SELLER.email, PASSWORD);
  const client = await createClientAs(request, seller, CLIENT);
  const plans = (await (
    await request.get('/api/planes/solicitudes', {
      headers: bearer(seller),
      params: { tipo_servicio: 'parcelas' },
    })
  ).json()) as Array<{ id: number; descripcion: string }>;
  const plan = plans.find((item) => item.descripcion === 'Parcela Jardín (3 puestos)')!;
  const response = await request.post('/api/v1/solicitudes/', {
    headers: bearer(seller),
    data: [
      {
        cliente_id: client.id,
        tipo_servicio: 'parcelas',
        modalidadPago: 'Financiado',
        detalles: [
          { plan_id: plan.id, codigo: 'A01-02-01', metodoPago: 'USD', pagoInicial: INITIAL / 100, cuotas: 3 },
        ],
      },
    ],
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { items: Array<{ id: number; numero_solicitud: string }> }).items[0]!;
}

async function atBothWidths(page: Page, name: string) {
  await screenshot(page, `${name}-1366`);
  await expectAccessible(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, `${name}-768`);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  // The side menu turns from a drawer back into a fixed column.
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
}

/** Follows a menu entry and waits for its page, so the next step never acts on the page it left. */
async function goTo(page: Page, group: string, entry: string, heading: string) {
  await openMenu(page, group, entry);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('office money settings and a USD price paid in bolívares, repriced and agreeing to the cent', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  page.context().setDefaultNavigationTimeout(20_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await setUpSales(request, page);
  const solicitud = await financedPlotInUsd(request);
  const numero = solicitud.numero_solicitud;

  // A fresh install has no rate: administration registers it by hand, after a confirmation.
  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await goTo(page, 'Gestión de Pagos', 'Tasa de cambio', 'Tasa de cambio');
  await page.getByLabel('Tasa (Bs./USD)').fill('40,50');
  await page.getByRole('button', { name: 'Actualizar tasa' }).click();
  const confirm = page.getByRole('dialog', { name: 'Actualizar tasa' });
  await expect(confirm).toContainText('40,50');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('main')).toContainText('40,50');
  await expect(page.getByRole('main')).toContainText(ADMIN.name);
  await atBothWidths(page, 'money-01-tasa-cambio');
  await expectAccessible(page);

  // And the company's receiving account, which bolívar payments show.
  await goTo(page, 'Gestión de Pagos', 'Configuración', 'Configuración');
  await page.getByRole('button', { name: 'Agregar cuenta' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Banco').fill(ACCOUNT.banco);
  await dialog.getByLabel('Titular').fill(ACCOUNT.titular);
  await dialog.getByLabel('Número de cuenta').fill(ACCOUNT.numero);
  await dialog.getByLabel('RIF').fill(ACCOUNT.rif);
  await dialog.getByLabel('Teléfono pago móvil').fill(ACCOUNT.telefono);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: ACCOUNT.numero })).toContainText(ACCOUNT.banco);
  await atBothWidths(page, 'money-02-cuentas-receptoras');
  await expectAccessible(page);
  await signOut(page);

  // The seller reports the initial: priced in USD, paid in bolívares, so the dialog says the discount goes.
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await goTo(page, 'Gestión de Pagos', 'Reporte de Pagos', 'Reporte de Pagos');
  const row = page.getByRole('row').filter({ hasText: numero });
  await expect(row).toContainText(usd(FINANCED_TOTAL - USD_DISCOUNT));
  await row.getByRole('button', { name: 'Expandir fila' }).click();
  await page.getByRole('button', { name: `Reportar Pago de ${numero}` }).click();
  const report = page.getByRole('dialog', { name: `REPORTAR PAGO - #${numero}` });
  await expect(report.getByLabel('Precio Total')).toHaveValue(usd(FINANCED_TOTAL - USD_DISCOUNT));
  await expect(report.getByLabel('Monto a Pagar')).toHaveValue(usd(INITIAL));
  await report.getByLabel('Método de Pago', { exact: true }).selectOption('VES');
  await expect(report.getByRole('status')).toContainText(
    `Al pagar en bolívares, la solicitud se calcula sin el descuento del 20 % por pago en dólares: Precio Total ${usd(FINANCED_TOTAL - USD_DISCOUNT)} → ${usd(FINANCED_TOTAL)}.`,
  );
  await expect(report.getByLabel('Precio Total')).toHaveValue(usd(FINANCED_TOTAL));
  await expect(report.getByLabel('Monto a Pagar')).toHaveValue(bolivares(INITIAL * RATE));
  await expect(report.getByRole('region', { name: 'Datos bancarios para el pago' })).toContainText(
    ACCOUNT.numero,
  );
  await report.getByLabel('Banco Emisor').selectOption('Banesco');
  await report.getByLabel('Referencia').fill('55667788');
  await report.getByLabel('Comprobante de pago (Bs.)').setInputFiles({
    name: 'transferencia-inicial.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, `Transferencia ${numero}`),
  });
  await atBothWidths(page, 'money-03-repricing-dialog');
  await expectAccessible(page, '[role="dialog"]');
  await report.getByRole('button', { name: 'Reportar Pago' }).click();
  await expect(page.getByText('Pago registrado exitosamente').first()).toBeVisible();
  await expect(report).toBeHidden();
  await page.getByLabel('Filtrar por Estado').selectOption({ label: 'Todos' });
  await expect(row).toContainText('INICIAL PAGADA');
  await expect(row).toContainText(usd(FINANCED_TOTAL));
  await signOut(page);

  // Administration converts it: two instalments of the balance without discount. (Signing out ended the
  // administrator's earlier tokens.)
  const converted = await request.post('/api/v1/admin/convertir-contrato', {
    headers: bearer(await tokenOf(request, ADMIN.email, ADMIN.password)),
    data: { SolicitudId: solicitud.id },
  });
  expect(converted.ok(), await converted.text()).toBe(true);

  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await goTo(page, 'Gestión de Pagos', 'Historial de Cuotas', 'Historial de Cuotas');
  await page
    .getByRole('row')
    .filter({ hasText: 'CON-000001' })
    .getByRole('button', { name: 'Expandir fila' })
    .click();
  const panel = page.getByRole('region', { name: 'Cuotas del contrato CON-000001' });
  await expect(panel.getByRole('region', { name: 'Total Pendiente' })).toContainText(usd(BALANCE_IN_VES));
  const instalments = page.getByRole('table', { name: 'Cuotas de CON-000001' });
  for (const numero of ['#1', '#2'])
    await expect(instalments.getByRole('row').filter({ hasText: numero })).toContainText(usd(INSTALMENT));
  await atBothWidths(page, 'money-04-historial-cuotas');
  await expectAccessible(page);

  await goTo(page, 'Gestión de Pagos', 'Historial de Ingresos', 'Historial de Ingresos');
  const contracts = page.getByRole('table', { name: 'Contratos' });
  // Pago Inicial and Total Pagado $ 500,00; Monto Total $ 3.888,00.
  const contract = contracts.getByRole('row').filter({ hasText: 'CON-000001' }).first();
  await expect(contract).toContainText(`${usd(INITIAL)}${usd(FINANCED_TOTAL)}${usd(INITIAL)}`);
  await expect(contracts.getByRole('row').filter({ hasText: 'Total Financiado' })).toContainText(
    usd(FINANCED_TOTAL),
  );
  await screenshot(page, 'money-05-historial-ingresos');
  await expectAccessible(page);
});
