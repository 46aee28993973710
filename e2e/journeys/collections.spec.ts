import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expect } from '../support/fixtures';
import { bolivares, usd } from '../support/amounts';
import { ADMIN, bearer, ok, PASSWORD, SELLER } from '../support/api';
import { CLIENT, RATE, seedFinancedRequest } from '../support/financed-sale';
import { pngOf } from '../support/sales-setup';
import { attachment, test } from '../support/mailbox';
import { openMenu, screenshot, signIn, signOut } from '../support/ui';
import { expectAccessible } from '../support/axe';

// Issue 14, the paper and the money follow-up: a financed sale's initial payment reported, the contract and the
// receipt downloaded as PDFs, the payment verified; 45 days later (the server's clock moved by faketime) its first
// instalment is overdue, listed in Cobranza in the 1–30 days bucket, and a reminder with the statement attached
// reaches the client through a real SMTP server; the instalment paid with the initial's bank and reference is
// flagged, rejected, and the instalment owed again.

const COMPANY = { nombre: 'Jardines del Recuerdo C.A.', rif: 'J-12345678-9' };
const REFERENCE = '00123456';

const cents = (amount: number) => Math.round(amount * 100);

/** The text of a PDF, as poppler's pdftotext reads it (lines kept in their layout). */
function pdfText(pdf: Buffer | string): string {
  const input = typeof pdf === 'string' ? readFileSync(pdf) : pdf;
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input }).toString('utf8');
}

async function downloadedPdf(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; text: string }> {
  const download: Promise<Download> = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), text: pdfText((await file.path())!) };
}

test('collections: PDFs, verification, an overdue instalment in Cobranza, a reminder, a rejected reused reference', async ({
  page,
  request,
  mailbox,
  server,
}) => {
  test.setTimeout(360_000);
  page.context().setDefaultNavigationTimeout(20_000);
  const { admin, solicitud } = await seedFinancedRequest(request);
  const numero = solicitud.numero_solicitud;
  const initial = cents(100);
  const instalment = (cents(solicitud.monto_total) - initial) / 2;
  await ok(
    await request.put('/api/v1/admin/empresa', {
      headers: bearer(admin),
      data: {
        ...COMPANY,
        direccion: 'Av. Principal de La Guairita, Caracas',
        telefonos: '0212-5551234',
        email: 'contacto@jardines.test',
        clausulas: 'PRIMERA: El cliente se obliga a pagar las cuotas en las fechas indicadas.',
        dias_recordatorio: 3,
      },
    }),
  );

  // The seller reports the initial payment in bolivars with its receipt.
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await openMenu(page, 'Gestión de Pagos', 'Reporte de Pagos');
  const row = page.getByRole('row').filter({ hasText: numero });
  await row.getByRole('button', { name: 'Expandir fila' }).click();
  await page.getByRole('button', { name: `Reportar Pago de ${numero}` }).click();
  const report = page.getByRole('dialog', { name: `REPORTAR PAGO - #${numero}` });
  await expect(report).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await report.getByLabel('Método de Pago', { exact: true }).selectOption('VES');
  await report.getByLabel('Banco Emisor').selectOption('Banesco');
  await report.getByLabel('Referencia').fill(REFERENCE);
  await report.getByLabel('Comprobante de pago (Bs.)').setInputFiles({
    name: 'transferencia-inicial.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, `Transferencia ${numero}`),
  });
  // The first use of this reference: no warning.
  await expect(report.getByText(/otro pago ya usó este banco emisor/)).toHaveCount(0);
  await report.getByRole('button', { name: 'Reportar Pago' }).click();
  await expect(report).toBeHidden();

  // The client's receipt: the first payment of this database, $100 paid in bolivars at the day's rate.
  await openMenu(page, 'Gestión de Pagos', 'Historial de Pagos');
  const receipt = await downloadedPdf(page, () =>
    page.getByRole('button', { name: 'Descargar recibo del pago 1 (PDF)' }).click(),
  );
  expect(receipt.name).toMatch(/^recibo-.*\.pdf$/);
  expect(receipt.text).toContain(COMPANY.nombre);
  expect(receipt.text).toContain(CLIENT.nombre);
  expect(receipt.text).toContain(usd(initial));
  expect(receipt.text).toContain(bolivares(initial * RATE));
  await signOut(page);

  await ok(
    await request.post('/api/v1/admin/convertir-contrato', {
      headers: bearer(admin),
      data: { SolicitudId: solicitud.id },
    }),
  );

  // Administration prints the contract the client signs, then checks the receipt and verifies the payment.
  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await openMenu(page, 'Gestión de Contratos', 'Contratos Activos');
  const printed = await downloadedPdf(page, () =>
    page.getByRole('button', { name: 'Descargar contrato CON-000001 (PDF)' }).click(),
  );
  expect(printed.name).toBe('contrato-CON-000001.pdf');
  for (const text of [COMPANY.nombre, COMPANY.rif, CLIENT.nombre, CLIENT.cedula, SELLER.name, 'PRIMERA:'])
    expect(printed.text).toContain(text);
  expect(printed.text).toContain(usd(instalment));

  await openMenu(page, 'Gestión de Pagos', /^Verificación de pagos/);
  const queue = page.getByRole('table', { name: 'Pagos reportados' });
  const reviewButton = (concept: string) => page.getByRole('button', { name: `Revisar ${concept}` });
  const initialRow = queue
    .getByRole('row')
    .filter({ has: reviewButton('Pago inicial del contrato CON-000001') });
  await expect(initialRow).toContainText(CLIENT.nombre);
  await expect(initialRow).toContainText(REFERENCE);
  await reviewButton('Pago inicial del contrato CON-000001').click();
  const review = page.getByRole('dialog', { name: 'Pago inicial del contrato CON-000001' });
  await expect(review.getByRole('img')).toBeVisible();
  await screenshot(page, 'collections-01-verificacion');
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Pago verificado.').first()).toBeVisible();
  await expect(review).toBeHidden();
  await expect(page.getByText('No hay pagos por verificar.')).toBeVisible();
  await signOut(page);

  // 45 days later: the first instalment (due a month after the sale) is 15 days overdue.
  await server.restart({ faketime: '+45d' });
  // The server's job marked it overdue and sent its 'vencida' reminder at start.
  await expect.poll(() => mailbox.messages.filter((mail) => mail.includes(CLIENT.email)).length).toBe(1);

  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await openMenu(page, 'Gestión de Pagos', 'Cobranza');
  await expect(page.getByRole('heading', { name: 'Cobranza' })).toBeVisible();
  const buckets = page.getByRole('list', { name: 'Totales por antigüedad' });
  await expect(buckets.getByRole('listitem', { name: '1–30 días' })).toContainText(usd(instalment));
  await expect(buckets.getByRole('listitem', { name: '31–60 días' })).toContainText('$ 0,00');
  const overdue = page
    .getByRole('table', { name: 'Contratos con cuotas vencidas' })
    .getByRole('row')
    .filter({ hasText: 'CON-000001' });
  await expect(overdue).toContainText(CLIENT.nombre);
  await expect(overdue).toContainText(usd(instalment));
  await expect(overdue).toContainText('1–30 días');
  await screenshot(page, 'collections-02-cobranza');
  await expectAccessible(page);

  const statement = await downloadedPdf(page, () =>
    overdue.getByRole('button', { name: 'Descargar estado de cuenta de CON-000001 (PDF)' }).click(),
  );
  expect(statement.name).toBe('estado-cuenta-CON-000001.pdf');
  expect(statement.text).toContain(COMPANY.nombre);
  expect(statement.text).toContain(CLIENT.nombre);

  await overdue.getByRole('button', { name: `Enviar recordatorio a ${CLIENT.nombre} (CON-000001)` }).click();
  await page
    .getByRole('dialog', { name: 'Enviar recordatorio' })
    .getByRole('button', { name: 'Enviar' })
    .click();
  await expect.poll(() => mailbox.messages.filter((mail) => mail.includes(CLIENT.email)).length).toBe(2);
  const reminder = mailbox.messages.filter((mail) => mail.includes(CLIENT.email))[1]!;
  const attached = attachment(reminder, 'estado-cuenta-CON-000001.pdf');
  expect(attached).toBeDefined();
  expect(pdfText(attached!)).toContain('CON-000001');
  await overdue.getByRole('button', { name: 'Ver recordatorios enviados de CON-000001' }).click();
  const sent = page.getByRole('dialog', { name: 'Recordatorios enviados — CON-000001' });
  // The header, the job's 'vencida' and the manual one.
  await expect(sent.getByRole('table', { name: 'Recordatorios de CON-000001' }).getByRole('row')).toHaveCount(
    3,
  );
  await expectAccessible(page, '[role="dialog"]');
  await sent.getByRole('button', { name: 'Cerrar' }).click();
  await signOut(page);

  // The seller pays the overdue instalment with the initial's bank and reference: warned, not refused.
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await openMenu(page, 'Gestión de Pagos', 'Reporte de Cuotas');
  const contract = page.getByRole('row').filter({ hasText: 'CON-000001' });
  await contract.getByRole('button', { name: 'Expandir fila' }).click();
  const cuotas = page.getByRole('table', { name: 'Cuotas de CON-000001' });
  // The row shown whole first (CI once clicked the button while the expanding row still moved it, and missed it).
  await expect(cuotas.getByRole('row').filter({ hasText: '#1' })).toContainText('VENCIDO');
  await expect(page.getByRole('region', { name: 'Total Pendiente' })).toBeVisible();
  await cuotas.getByRole('button', { name: 'Reportar Pago de la cuota 1 de CON-000001' }).click();
  const pay = page.getByRole('dialog', { name: 'REPORTAR PAGO - CUOTA #1' });
  await expect(pay).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await pay.getByLabel('Tipo de Pago').selectOption('VES');
  await pay.getByLabel('Método de Pago en Bs.').selectOption('transferencia');
  await pay.getByLabel('Banco Emisor').selectOption('Banesco');
  await pay.getByLabel('Número de Transferencia').fill(REFERENCE);
  await pay.getByLabel('Comprobante de transferencia').setInputFiles({
    name: 'transferencia-cuota-1.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, 'Transferencia cuota 1'),
  });
  await expect(pay.getByText(/otro pago ya usó este banco emisor y esta referencia/)).toBeVisible();
  await screenshot(page, 'collections-03-referencia-repetida');
  await expectAccessible(page);
  await pay.getByRole('button', { name: 'Reportar Pago' }).click();
  await expect(pay).toBeHidden();
  await expect(cuotas.getByRole('row').filter({ hasText: '#1' })).toContainText('PAGADO');
  await signOut(page);

  // Administration sees the repeated reference and rejects the payment: the instalment is owed again.
  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await openMenu(page, 'Gestión de Pagos', /^Verificación de pagos/);
  const flagged = queue.getByRole('row').filter({ has: reviewButton('Cuota 1 del contrato CON-000001') });
  await expect(flagged).toContainText('Referencia repetida');
  await reviewButton('Cuota 1 del contrato CON-000001').click();
  const second = page.getByRole('dialog', { name: 'Cuota 1 del contrato CON-000001' });
  await second.getByRole('button', { name: 'Rechazar' }).click();
  const reject = page.getByRole('dialog', { name: 'Rechazar pago: Cuota 1 del contrato CON-000001' });
  await reject.getByLabel('Motivo del rechazo').fill('La referencia ya corresponde al pago inicial.');
  await screenshot(page, 'collections-04-rechazo');
  await expectAccessible(page);
  await reject.getByRole('button', { name: 'Rechazar pago' }).click();
  await expect(page.getByText('Pago rechazado. Se notificó al vendedor.').first()).toBeVisible();
  await expect.poll(() => mailbox.messages.filter((mail) => mail.includes('Pago rechazado')).length).toBe(1);

  await openMenu(page, 'Gestión de Pagos', 'Historial de Cuotas');
  await page
    .getByRole('row')
    .filter({ hasText: 'CON-000001' })
    .getByRole('button', { name: 'Expandir fila' })
    .click();
  await expect(
    page.getByRole('table', { name: 'Cuotas de CON-000001' }).getByRole('row').filter({ hasText: '#1' }),
  ).toContainText('VENCIDO');
  await openMenu(page, 'Gestión de Pagos', 'Cobranza');
  await expect(overdue).toContainText(usd(instalment));
  await screenshot(page, 'collections-05-cuota-adeudada');
  await expectAccessible(page);
});
