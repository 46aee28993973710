import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { PASSWORD, SELLER, tokenOf } from '../support/api';
import { createClientAs, setUpSales } from '../support/sales-setup';
import { openMenu, screenshot, signIn } from '../support/ui';

// Issue 15: SPEC §2 Generic request screen (/ventas/contrato/plan): lines of several services in one
// RESUMEN DE SOLICITUD DEL CONTRATO, Eliminar Ítems, Guardar Solicitud as one batch (§7), §8 notices.

const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

async function addLine(page: Page, service: string, plan: string, modalidad: string) {
  const section = page.getByRole('region', { name: 'DATOS DEL PLAN' });
  await section.getByLabel(/^Servicio/).selectOption({ label: service });
  await section.getByLabel(/^Plan/).selectOption({ label: plan });
  await section.getByLabel(/^Modalidad de Pago/).selectOption(modalidad);
  await section.getByRole('button', { name: 'Agregar' }).click();
}

test('a seller puts a cremation and a funeral plan into one request batch and finds both requests in the list', async ({
  page,
  request,
}) => {
  await setUpSales(request, page);
  const seller = await tokenOf(request, SELLER.email, PASSWORD);
  await createClientAs(request, seller, { nombre: 'Luis Registrado', cedula: 'V-12345678' });
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);

  await page.goto('/ventas/contrato/plan');
  await expect(page.getByRole('heading', { name: 'SOLICITUD DE CONTRATO' })).toBeVisible();
  await expect(page.getByText('En construcción')).toHaveCount(0);
  const budget = page.getByRole('table', { name: 'Resumen de solicitud del contrato' });
  await expect(budget.getByText('No hay ítems agregados a la solicitud.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar Ítems' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Guardar Solicitud' })).toBeDisabled();

  // SPEC §5: a plan and a modality are required before a line is added.
  await page
    .getByRole('region', { name: 'DATOS DEL PLAN' })
    .getByLabel(/^Servicio/)
    .selectOption({
      label: 'Cremación',
    });
  await page.getByRole('button', { name: 'Agregar' }).click();
  await expect(notice(page, 'Por favor, seleccione un plan y una modalidad.')).toBeVisible();

  // Cremación Básica cash in USD: 900 less 20 % = 720.
  await addLine(page, 'Cremación', 'Cremación Básica', 'De Contado');
  await expect(budget.getByRole('row').filter({ hasText: 'Cremación Básica' })).toContainText('$ 720,00');
  // Plan Funerario Esencial financed: a line of another service beside it.
  await addLine(page, 'Plan Funerario', 'Plan Funerario Esencial', 'Financiado');
  const esencial = budget.getByRole('row').filter({ hasText: 'Plan Funerario Esencial' });
  await expect(esencial).toContainText('Financiado');

  // Eliminar Ítems asks first, then removes only the checked line.
  await esencial.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Eliminar Ítems' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar Ítems' });
  await expect(confirm).toContainText('¿Estás seguro de que deseas eliminar el ítem seleccionado?');
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(esencial).toHaveCount(0);
  await expect(budget.getByRole('row').filter({ hasText: 'Cremación Básica' })).toHaveCount(1);

  // Plan Funerario Integral cash in USD: 2,600 less 20 % = 2,080.
  await addLine(page, 'Plan Funerario', 'Plan Funerario Integral', 'De Contado');
  await expect(budget.getByRole('row').filter({ hasText: 'Plan Funerario Integral' })).toContainText(
    '$ 2.080,00',
  );
  await expect(budget.getByRole('row', { name: /^Total/ })).toContainText('$ 2.800,00');

  const client = page.getByRole('region', { name: 'DATOS DEL CLIENTE' });
  await client.getByLabel(/^Cédula/).fill('v-12345678');
  await client.getByLabel(/^Cédula/).press('Tab');
  await expect(notice(page, 'El cliente ya está registrado. Se asociará el contrato.')).toBeVisible();
  await expect(client.getByLabel(/^Nombre/)).toHaveValue('Luis Registrado');
  await expectAccessible(page);
  await screenshot(page, 'generic-request-01-resumen');

  await page.getByRole('button', { name: 'Guardar Solicitud' }).click();
  await expect(notice(page, 'Solicitudes registradas con éxito.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Solicitudes registradas:' })).toHaveText(
    'Solicitudes registradas: CRE000001, PSF000001.',
  );
  // SPEC §4: the form resets after a successful save.
  await expect(budget.getByText('No hay ítems agregados a la solicitud.')).toBeVisible();
  await expect(page.getByLabel(/^Servicio/)).toHaveValue('');

  // The same screen at tablet width: nothing overflows the page sideways.
  await page.setViewportSize({ width: 768, height: 1024 });
  // The sections fit the width; the summary's twelve columns scroll inside their own container.
  for (const name of ['DATOS DEL PLAN', 'DATOS DEL CLIENTE', 'RESUMEN DE SOLICITUD DEL CONTRATO']) {
    const box = await page.getByRole('region', { name }).boundingBox();
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(768);
  }
  await expect(page.getByRole('button', { name: 'Guardar Solicitud' })).toBeInViewport();
  await screenshot(page, 'generic-request-02-768');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 900 });

  await openMenu(page, 'Gestión de Ventas', 'Solicitudes');
  await page
    .getByRole('row')
    .filter({ hasText: 'V-12345678' })
    .getByRole('button', { name: 'Expandir fila' })
    .click();
  const requests = page.getByRole('table', { name: 'Solicitudes de Luis Registrado' });
  await expect(requests.getByRole('row').filter({ hasText: 'CRE000001' })).toContainText('SOLICITUD');
  await expect(requests.getByRole('row').filter({ hasText: 'PSF000001' })).toContainText('SOLICITUD');
});
