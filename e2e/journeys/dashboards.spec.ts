import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { bolivares, usd } from '../support/amounts';
import { ADMIN, bearer, ok, PASSWORD, SELLER, tokenOf } from '../support/api';
import { expectAccessible } from '../support/axe';
import { RATE, seedFinancedRequest } from '../support/financed-sale';
import { createClientAs, pngOf } from '../support/sales-setup';
import { screenshot, signIn, signOut } from '../support/ui';

// Issue 15, the welcome dashboards: a seller's two sales and their payments, made through the API this month (one
// cash cremation paid in dollars, one financed cremation whose initial is paid in bolívares), read back on the
// admin and the seller welcome pages in the charts' accessible summaries and tables; a card leads to its list.

const cents = (amount: number) => Math.round(amount * 100);
const CASH_USD = cents(720); // Cremación Básica, de contado en USD: 900.00 less 20 %.
const INITIAL = cents(100); // The financed request's initial payment, paid in bolívares at the day's rate.

async function reportPayment(
  request: APIRequestContext,
  page: Page,
  token: string,
  solicitudId: number,
  metodoPago: 'USD' | 'VES',
) {
  const receipt = {
    name: 'comprobante.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, `Pago ${solicitudId}`),
  };
  await ok(
    await request.post('/api/reporte-pagos/guardar-pago', {
      headers: bearer(token),
      multipart: {
        solicitud_id: String(solicitudId),
        metodoPago,
        ...(metodoPago === 'USD'
          ? { comprobante_usd: receipt }
          : { banco_emisor: 'Banesco', referencia: `REF-${solicitudId}`, comprobante_ves: receipt }),
      },
    }),
  );
}

/** A cash request for Cremación Básica, as the seller's form sends it. */
async function cashCremation(request: APIRequestContext, seller: string, clienteId: number) {
  const plans = await ok<Array<{ id: number; descripcion: string }>>(
    await request.get('/api/planes/solicitudes', {
      headers: bearer(seller),
      params: { tipo_servicio: 'cremacion' },
    }),
  );
  const plan = plans.find((row) => row.descripcion === 'Cremación Básica')!;
  const created = await ok<{ items: Array<{ id: number }> }>(
    await request.post('/api/v1/solicitudes/', {
      headers: bearer(seller),
      data: [
        {
          cliente_id: clienteId,
          tipo_servicio: 'cremacion',
          modalidadPago: 'De Contado',
          detalles: [{ plan_id: plan.id, metodoPago: 'USD' }],
        },
      ],
    }),
  );
  return created.items[0]!.id;
}

const INCOME_SUMMARY =
  `Últimos 12 meses: ${usd(CASH_USD + INITIAL)} en 2 pagos: ${usd(CASH_USD)} en dólares y ` +
  `${bolivares(INITIAL * RATE)} (${usd(INITIAL)}) en bolívares.`;
const SALES_SUMMARY = 'Últimos 12 meses: 2 solicitudes, 1 contrato. Más solicitado: Cremación (2).';

/** The charts of a welcome page, as assistive technology reads them: each described by its summary. */
async function expectCharts(page: Page) {
  await expect(page.getByRole('img', { name: 'Gráfico: Ingresos por moneda' })).toHaveAccessibleDescription(
    INCOME_SUMMARY,
  );
  await expect(
    page.getByRole('img', { name: 'Gráfico: Solicitudes por servicio' }),
  ).toHaveAccessibleDescription(SALES_SUMMARY);
  // This month's row of the hidden table: dollars, bolívares, bolívares in dollars, total.
  const thisMonth = page
    .getByRole('table', { name: 'Datos del gráfico: Ingresos por moneda' })
    .getByRole('row')
    .last();
  for (const figure of [usd(CASH_USD), bolivares(INITIAL * RATE), usd(INITIAL), usd(CASH_USD + INITIAL)])
    await expect(thisMonth).toContainText(figure);
  // The instalments start next month: nothing fell due in the last twelve.
  await expect(
    page
      .getByRole('region', { name: 'Cuotas por mes de vencimiento' })
      .getByText('No hay cuotas con vencimiento en los últimos 12 meses.'),
  ).toBeVisible();
}

/** The page at 1366 and 768 px, each looked at (screenshots) and checked with axe. */
async function lookAt(page: Page, name: string) {
  for (const width of [1366, 768]) {
    await page.setViewportSize({ width, height: width === 1366 ? 768 : 1024 });
    await expect(page.getByRole('img', { name: 'Gráfico: Ingresos por moneda' })).toBeVisible();
    await screenshot(page, `${name}-${width}`);
    await expectAccessible(page);
  }
}

test('dashboards: the admin and seller welcome pages chart this month’s sales and payments and lead to their lists', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { admin, solicitud } = await seedFinancedRequest(request);
  const seller = await tokenOf(request, SELLER.email, PASSWORD);
  await reportPayment(request, page, seller, solicitud.id, 'VES');
  await ok(
    await request.post('/api/v1/admin/convertir-contrato', {
      headers: bearer(admin),
      data: { SolicitudId: solicitud.id },
    }),
  );
  const client = await createClientAs(request, seller, { nombre: 'Carmen Contado', cedula: 'V-30999888' });
  await reportPayment(request, page, seller, await cashCremation(request, seller, client.id), 'USD');

  // Administración: the whole office's charts, then a card's link to its list.
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await expectCharts(page);
  await lookAt(page, 'dashboards-admin');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page
    .getByRole('region', { name: 'Ingresos por moneda' })
    .getByRole('link', { name: 'Ver Historial de Ingresos' })
    .click();
  await expect(page).toHaveURL(/\/administracion\/historial-ingresos$/);
  await signOut(page);

  // The seller: the same figures, theirs alone, and the requests list one click away.
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await expect(page.getByText('Sus ventas de los últimos 12 meses.')).toBeVisible();
  await expectCharts(page);
  await lookAt(page, 'dashboards-seller');
  await page
    .getByRole('region', { name: 'Solicitudes por servicio' })
    .getByRole('link', { name: 'Ver Solicitudes' })
    .click();
  await expect(page).toHaveURL(/\/ventas\/solicitudes$/);
});
