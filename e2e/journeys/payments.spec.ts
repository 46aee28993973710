import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { bolivares, csvAmount, usd } from '../support/amounts';
import { ADMIN, bearer, ok, PASSWORD, SELLER, SUPERVISOR } from '../support/api';
import { CLIENT, RATE, seedFinancedRequest } from '../support/financed-sale';
import { pngOf } from '../support/sales-setup';
import { attachment, MAIL_ADMIN, test } from '../support/mailbox';
import { openMenu, screenshot, signIn, signOut } from '../support/ui';
import { expectAccessible } from '../support/axe';

// The whole money path: a financed request's initial payment reported in bolivars with its receipt, sent to
// administration by e-mail (a real SMTP server on loopback), converted to a contract, its two instalments
// paid (USD, then USD + bolivars), and the counters, the contract's state and the income history agreeing
// with what was paid, to the cent.

const cents = (amount: number) => Math.round(amount * 100);

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Closes the notices: they pause while the window has no focus (a receipt tab took it) and sit at the bottom
 * right, over the dialogs' buttons. They stay in the accessibility tree while a dialog is open (decision 049).
 */
async function dismissNotices(page: Page) {
  await page.bringToFront();
  const notices = page.getByRole('region', { name: 'Avisos (Alt+T)' });
  for (const close of await notices.getByRole('button', { name: 'Cerrar aviso' }).all()) {
    // A notice may close by itself meanwhile.
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(notices.getByRole('alert')).toHaveCount(0);
}

async function expectCounters(scope: Locator, paid: string, pending: string, total: string) {
  await expect(scope.getByRole('region', { name: 'Cuotas Pagadas' })).toContainText(paid);
  await expect(scope.getByRole('region', { name: 'Cuotas Pendientes' })).toContainText(pending);
  await expect(scope.getByRole('region', { name: 'Total Pendiente' })).toContainText(total);
}

test('the money path: initial payment in bolivars, e-mail, contract, instalments in USD and mixed, income', async ({
  page,
  request,
  mailbox,
}) => {
  // Three sign-ins, five uploads and an e-mail: longer than the default journey.
  test.setTimeout(300_000);
  page.context().setDefaultNavigationTimeout(20_000);
  const { admin, solicitud } = await seedFinancedRequest(request);
  const numero = solicitud.numero_solicitud;
  const total = cents(solicitud.monto_total);
  const initial = cents(100);
  const instalment = (total - initial) / 2; // 3 cuotas: the balance in 2 monthly instalments
  const vesReceipt = await pngOf(page, `Transferencia ${numero}`);

  // 'Reporte de pagos': the new request is PENDIENTE; nothing is INICIAL PAGADA yet.
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await openMenu(page, 'Gestión de Pagos', 'Reporte de Pagos');
  await expect(page.getByRole('heading', { name: 'Reporte de Pagos' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: numero });
  await expect(row).toContainText(CLIENT.nombre);
  await expect(row).toContainText('Cremación');
  await expect(row).toContainText('Financiado');
  await expect(row).toContainText('PENDIENTE');
  const estado = page.getByLabel('Filtrar por Estado');
  await estado.selectOption({ label: 'Inicial Pagada' });
  await expect(page.getByText('No hay reporte de pagos disponible.')).toBeVisible();
  await estado.selectOption({ label: 'Pendiente' });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Expandir fila' }).click();
  const sendRequest = page.getByRole('button', { name: `Enviar Solicitud ${numero}` });
  await expect(sendRequest).toBeDisabled();
  await screenshot(page, 'payments-01-reporte-pagos');
  await expectAccessible(page);

  // The initial payment in bolivars: $100 × 36.50 = 3.650,00 Bs., with bank, reference and receipt.
  await page.getByRole('button', { name: `Reportar Pago de ${numero}` }).click();
  const report = page.getByRole('dialog', { name: `REPORTAR PAGO - #${numero}` });
  await expect(report.getByLabel('Precio Total')).toHaveValue(usd(total));
  await expect(report.getByLabel('Modalidad de Pago')).toHaveValue('Financiado');
  await expectAccessible(page, '[role="dialog"]');
  await report.getByLabel('Método de Pago', { exact: true }).selectOption('USD');
  await expect(report.getByLabel('Monto a Pagar')).toHaveValue(usd(initial));
  await report.getByLabel('Método de Pago', { exact: true }).selectOption('VES');
  await expect(report.getByLabel('Monto a Pagar')).toHaveValue(bolivares(initial * RATE));
  const submit = report.getByRole('button', { name: 'Reportar Pago' });
  await expect(submit).toBeDisabled();
  await report.getByLabel('Banco Emisor').selectOption('Banesco');
  await report.getByLabel('Referencia').fill('00123456');
  await report
    .getByLabel('Comprobante de pago (Bs.)')
    .setInputFiles({ name: 'transferencia-inicial.png', mimeType: 'image/png', buffer: vesReceipt });
  await expect(report.getByRole('region', { name: 'Datos bancarios para el pago' })).toContainText('Banesco');
  await screenshot(page, 'payments-02-reportar-pago');
  await expectAccessible(page);
  await submit.click();
  await expect(page.getByText('Pago registrado exitosamente').first()).toBeVisible();
  await expect(report).toBeHidden();
  await expect(row).toBeHidden(); // no longer pendiente
  await estado.selectOption({ label: 'Todos' });
  await expect(row).toContainText('INICIAL PAGADA');
  // The row stays open across the filters.
  await expect(page.getByRole('button', { name: `Reportar Pago de ${numero}` })).toBeDisabled();
  await expect(sendRequest).toBeEnabled();

  // 'DETALLES DE LA SOLICITUD': the payment in the bolivars table, its receipt, and the e-mail.
  await row.getByRole('button', { name: `Ver detalles de ${numero}` }).click();
  const details = page.getByRole('dialog', { name: 'DETALLES DE LA SOLICITUD' });
  await expect(details.getByRole('region', { name: 'Datos del Cliente' })).toContainText(CLIENT.cedula);
  await expectAccessible(page, '[role="dialog"]');
  const vesPayments = details.getByRole('table', { name: 'Pagos en Bolívares' });
  const vesRow = vesPayments.getByRole('row').filter({ hasText: 'Pago inicial' });
  await expect(vesRow).toContainText(bolivares(initial * RATE));
  await expect(vesRow).toContainText('36,50 Bs.');
  await expect(vesRow).toContainText('Banesco');
  await expect(vesRow).toContainText('00123456');
  await expect(details.getByRole('table', { name: 'Pagos en USD' })).toContainText(
    'No hay pagos registrados.',
  );
  await screenshot(page, 'payments-03-detalles');
  await expectAccessible(page);
  const popup = page.waitForEvent('popup');
  await vesRow.getByRole('button', { name: /Ver comprobante/ }).click();
  const receiptTab = await popup;
  await expect(receiptTab).toHaveURL(/^blob:/);
  await receiptTab.close();
  await dismissNotices(page);

  // From the keyboard: after the receipt's tab, the notices' corner may still lie over the dialog's buttons.
  await details.getByRole('button', { name: 'Enviar por Correo Electrónico' }).press('Enter');
  // Raised from the open dialog, and announced: by role, so not under the aria-hidden the dialog sets (decision 049).
  await expect(page.getByRole('alert').filter({ hasText: 'Correo enviado con éxito' })).toBeVisible();
  await screenshot(page, 'payments-03-correo-enviado');
  await expectAccessible(page);
  await expect(details.getByRole('button', { name: 'Enviar por Correo Electrónico' })).toBeDisabled();
  await details.getByRole('button', { name: 'Cerrar' }).press('Enter');
  await expect(sendRequest).toBeDisabled();
  await expect.poll(() => mailbox.messages.length).toBe(1);
  const mail = mailbox.messages[0]!;
  expect(mail).toMatch(new RegExp(`^To: ${MAIL_ADMIN}`, 'm'));
  expect(mail).toMatch(new RegExp(`^Cc: ${SELLER.email}`, 'm'));
  expect(attachment(mail, 'transferencia-inicial.png')?.equals(vesReceipt)).toBe(true);
  await signOut(page);

  // Administration converts it: two instalments of half the balance each.
  await ok(
    await request.post('/api/v1/admin/convertir-contrato', {
      headers: bearer(admin),
      data: { SolicitudId: solicitud.id },
    }),
  );

  // 'Reporte de Cuotas': instalment 1 in USD.
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await openMenu(page, 'Gestión de Pagos', 'Reporte de Cuotas');
  await expect(page.getByRole('heading', { name: 'Reporte de Cuotas' })).toBeVisible();
  const contract = page.getByRole('row').filter({ hasText: 'CON-000001' });
  await expect(contract).toContainText(SELLER.name);
  await expect(contract).toContainText(CLIENT.nombre);
  await expect(contract).toContainText(usd(initial));
  await contract.getByRole('button', { name: 'Expandir fila' }).click();
  const panel = page.getByRole('region', { name: 'Cuotas del contrato CON-000001' });
  await expectCounters(panel, '0', '2', usd(2 * instalment));
  const cuotas = page.getByRole('table', { name: 'Cuotas de CON-000001' });
  await expect(cuotas.getByRole('row').filter({ hasText: '#1' })).toContainText('PENDIENTE');
  await screenshot(page, 'payments-04-cuotas');
  await expectAccessible(page);

  await cuotas.getByRole('button', { name: 'Reportar Pago de la cuota 1 de CON-000001' }).click();
  const first = page.getByRole('dialog', { name: 'REPORTAR PAGO - CUOTA #1' });
  await first.getByLabel('Tipo de Pago').selectOption('USD');
  await expect(first.getByLabel('Monto en USD')).toHaveValue((instalment / 100).toFixed(2));
  await expect(first.getByText('Por favor, suba el comprobante en USD.')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Reportar Pago' })).toBeDisabled();
  await expectAccessible(page, '[role="dialog"]');
  await first.getByLabel('Comprobante en USD').setInputFiles({
    name: 'zelle-cuota-1.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, 'Zelle cuota 1'),
  });
  await first.getByRole('button', { name: 'Reportar Pago' }).click();
  await expect(first).toBeHidden();
  await expectCounters(panel, '1', '1', usd(instalment));
  await expect(cuotas.getByRole('row').filter({ hasText: '#1' })).toContainText('PAGADO');

  // Instalment 2 'Ambos': half in dollars, the rest in bolivars by pago móvil; a wrong sum is refused first.
  await cuotas.getByRole('button', { name: 'Reportar Pago de la cuota 2 de CON-000001' }).click();
  const second = page.getByRole('dialog', { name: 'REPORTAR PAGO - CUOTA #2' });
  const usdPart = Math.round(instalment / 2);
  const vesPart = Math.round((instalment - usdPart) * RATE);
  await second.getByLabel('Tipo de Pago').selectOption('Ambos');
  await second.getByLabel('Monto en USD').fill((usdPart / 100).toFixed(2));
  await second.getByLabel('Comprobante en USD').setInputFiles({
    name: 'zelle-cuota-2.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, 'Zelle cuota 2'),
  });
  await second.getByLabel('Monto en Bs.').fill(((vesPart - 1000) / 100).toFixed(2));
  await second.getByLabel('Método de Pago en Bs.').selectOption({ label: 'Pago Móvil' });
  await second.getByLabel('Banco Emisor').selectOption('Banco de Venezuela');
  await second.getByLabel('Número de Referencia').fill('778899');
  await second
    .getByLabel('Comprobante de pago móvil')
    .setInputFiles({ name: 'pago-movil-cuota-2.pdf', mimeType: 'application/pdf', buffer: PDF });
  await second.getByLabel('Observaciones').fill('Pago mixto de la segunda cuota');
  await second.getByRole('button', { name: 'Reportar Pago' }).click();
  await expect(page.getByText('El monto pagado no coincide con el monto de la cuota.')).toBeVisible();
  await second.getByLabel('Monto en Bs.').fill((vesPart / 100).toFixed(2));
  await expect(second.getByText(`Total pagado: ${usd(instalment)} de ${usd(instalment)}`)).toBeVisible();
  await screenshot(page, 'payments-05-cuota-mixta');
  await expectAccessible(page);
  await second.getByRole('button', { name: 'Reportar Pago' }).click();
  await expect(second).toBeHidden();
  await expectCounters(panel, '2', '0', '$ 0,00');
  await expect(cuotas.getByRole('button', { name: /Reportar Pago/ })).toHaveCount(0);
  await screenshot(page, 'payments-06-cuotas-pagadas');
  await expectAccessible(page);

  // The contract is PAGADO, and the history lists the three payments with their receipts.
  await openMenu(page, 'Gestión de Pagos', 'Reporte de Pagos');
  await expect(page.getByRole('row').filter({ hasText: numero })).toContainText('PAGADO');
  await openMenu(page, 'Gestión de Pagos', 'Historial de Pagos');
  const history = page.getByRole('table', { name: 'Historial de pagos' });
  await expect(history.getByRole('row').filter({ hasText: 'CON-000001' })).toHaveCount(3);
  // Each payment shows its own state: the initial paid, and each instalment paid.
  await expect(history.getByText('PAGADO', { exact: true })).toHaveCount(2);
  await expect(history.getByRole('row').filter({ hasText: 'Pago inicial' })).toContainText('INICIAL PAGADA');
  const mixed = history.getByRole('row').filter({ hasText: 'Cuota #2' });
  await expect(mixed).toContainText('Ambos');
  await expect(mixed).toContainText(usd(instalment));
  await mixed.getByRole('button', { name: 'Expandir fila' }).click();
  const mixedDetails = page.getByRole('definition').filter({ hasText: bolivares(vesPart) });
  await expect(mixedDetails).toBeVisible();
  await expect(page.getByText('Pago mixto de la segunda cuota')).toBeVisible();
  await page.waitForTimeout(500); // the row finishes opening before the picture
  await screenshot(page, 'payments-07-historial-pagos');
  await expectAccessible(page);
  const pdfTab = page.waitForEvent('popup');
  await history
    .getByRole('row')
    .filter({ hasText: 'Cuota #2' })
    .getByRole('button', { name: /Ver comprobante Bs\./ })
    .click();
  await (await pdfTab).close();
  await dismissNotices(page);
  await signOut(page);

  // Administration: the same instalments, and 'Historial de Ingresos' agreeing with what was paid.
  const paid = initial + instalment + usdPart + Math.round(vesPart / RATE);
  expect(paid).toBe(total);
  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await openMenu(page, 'Gestión de Pagos', 'Historial de Cuotas');
  await page
    .getByRole('row')
    .filter({ hasText: 'CON-000001' })
    .getByRole('button', { name: 'Expandir fila' })
    .click();
  await expectCounters(
    page.getByRole('region', { name: 'Cuotas del contrato CON-000001' }),
    '2',
    '0',
    '$ 0,00',
  );
  // Each paid instalment shows how it was paid, and its receipts open in a new tab.
  const paidInstalments = page.getByRole('table', { name: 'Cuotas de CON-000001' });
  await expect(paidInstalments.getByRole('row').filter({ hasText: '#1' })).toContainText('· USD');
  const mixedInstalment = paidInstalments.getByRole('row').filter({ hasText: '#2' });
  await expect(mixedInstalment).toContainText('Ambos — Pago Móvil');
  await expect(mixedInstalment).toContainText(usd(usdPart));
  await expect(mixedInstalment).toContainText(`${bolivares(vesPart)} (tasa 36,50 Bs.)`);
  await expect(mixedInstalment.getByRole('button', { name: /Ver comprobante/ })).toHaveCount(2);
  const instalmentReceipt = page.waitForEvent('popup');
  await mixedInstalment.getByRole('button', { name: /Ver comprobante Bs\./ }).click();
  await (await instalmentReceipt).close();
  await screenshot(page, 'payments-08-historial-cuotas');
  await expectAccessible(page);

  await openMenu(page, 'Gestión de Pagos', 'Historial de Ingresos');
  await expect(page.getByRole('heading', { name: 'Historial de Ingresos' })).toBeVisible();
  const vendedor = page.getByLabel('Vendedor', { exact: true });
  await expect(vendedor).toBeDisabled();
  await page.getByLabel('Supervisor', { exact: true }).selectOption({ label: SUPERVISOR.name });
  await expect(vendedor).toBeEnabled();
  await vendedor.selectOption({ label: SELLER.name });
  const summary = page.getByRole('table', { name: 'Resumen por supervisor y vendedor' });
  const sellerRow = summary.getByRole('row').filter({ hasText: SELLER.name });
  await expect(sellerRow).toContainText(SUPERVISOR.name);
  await expect(sellerRow).toContainText(usd(total));
  const contracts = page.getByRole('table', { name: 'Contratos' });
  await expect(contracts.getByRole('row').filter({ hasText: 'CON-000001' })).toContainText(usd(paid));
  await expect(contracts.getByRole('row').filter({ hasText: 'Total De Contado' })).toContainText('$ 0,00');
  await expect(contracts.getByRole('row').filter({ hasText: 'Total Financiado' })).toContainText(usd(total));
  await expect(contracts.getByRole('row').filter({ hasText: 'Suma total de Pagos' })).toContainText(
    usd(paid),
  );
  await screenshot(page, 'payments-09-historial-ingresos');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv).toContain(`${SUPERVISOR.name};${SELLER.name};1;${csvAmount(total)};0,00;${csvAmount(paid)}`);
  expect(csv).toContain(`Suma total de Pagos;${csvAmount(paid)}`);

  await page.getByLabel('Modalidad', { exact: true }).selectOption({ label: 'De Contado' });
  await expect(summary).toContainText('No hay ingresos para los filtros seleccionados.');
});
