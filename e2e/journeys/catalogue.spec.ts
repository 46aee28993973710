import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { tempFolder, writePng, writeText } from '../support/files';
import { ADMIN, bearer, createFirstAdmin, createStaff, PASSWORD, SELLER, tokenOf } from '../support/api';
import { openMenu, screenshot, signIn } from '../support/ui';
import { expectAccessible } from '../support/axe';

/** The first administrator and one seller, made through the API: this journey is about the catalogue. */
async function createAdminAndSeller(request: APIRequestContext) {
  const admin = await createFirstAdmin(request);
  await createStaff(request, admin, SELLER, 'vendedor');
  return { sellerToken: await tokenOf(request, SELLER.email, PASSWORD) };
}

async function offeredPlans(request: APIRequestContext, token: string, tipoServicio: string) {
  const response = await request.get(`/api/planes/solicitudes?tipo_servicio=${tipoServicio}`, {
    headers: bearer(token),
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { descripcion: string; de_contado: number }[]).map(
    (plan) => plan.descripcion,
  );
}

/** 25 plots A01-01-01 … A01-01-25, in a spreadsheet's order (';', no puestos column). */
function plotCsv(): string {
  const rows = Array.from({ length: 25 }, (_, index) => {
    const code = `A01-01-${String(index + 1).padStart(2, '0')}`;
    return index % 5 === 0 ? `${code};1;0;1;1` : `${code};3;0;0;0`;
  });
  return ['codigo;disponible;reservadas;ocupadas;vendidas', ...rows].join('\n');
}

/** The administrator signed in on the admin home, with a seller to look through the sales lists. */
async function signInAsAdmin(page: Page, request: APIRequestContext) {
  page.context().setDefaultNavigationTimeout(20_000);
  const { sellerToken } = await createAdminAndSeller(request);
  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  return { sellerToken };
}

/**
 * The whole page from its top: the header and menu are fixed, and a full-page capture repeats them mid-page.
 * Then axe-core on the screen, unless it is a passing state (an upload under way) that the check would outlast.
 */
async function capture(page: Page, name: string, { isPassing = false } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
  if (!isPassing) await expectAccessible(page);
}

// Each journey starts its own server and uploads files; a busy machine needs more than the default.
test.describe.configure({ timeout: 240_000 });

test('plans: a price edited in place, a plan turned off and gone from the seller list, funeral plans', async ({
  page,
  request,
}) => {
  const { sellerToken } = await signInAsAdmin(page, request);

  // Planes: a price edited in place, then the plan turned off.
  await openMenu(page, 'Gestión de Planes', 'Planes');
  await expect(page.getByRole('heading', { name: 'Planes', exact: true })).toBeVisible();
  expect(await offeredPlans(request, sellerToken, 'cremacion')).toContain('Cremación Básica');
  await page.getByLabel('Filtrar por servicio').selectOption('cremacion');
  const table = page.getByRole('table', { name: 'Planes' });
  await expect(table.getByRole('row')).toHaveCount(3);

  await table.getByRole('button', { name: 'Editar De Contado de Cremación Básica' }).click();
  const price = table.getByRole('textbox', { name: 'De Contado de Cremación Básica' });
  await price.fill('950,5');
  await price.press('Enter');
  await expect(page.getByText('Plan actualizado correctamente').last()).toBeVisible();
  await expect(table.getByRole('button', { name: 'Editar De Contado de Cremación Básica' })).toHaveText(
    '$ 950,50',
  );

  // A refused value keeps the draft and shows the reason; Escape gives the old value back.
  await table.getByRole('button', { name: 'Editar Cuota 2 de Cremación Básica' }).click();
  const instalment = table.getByRole('textbox', { name: 'Cuota 2 de Cremación Básica' });
  await instalment.fill('-1');
  await instalment.press('Enter');
  await expect(table.getByText('El precio no puede ser negativo.')).toBeVisible();
  await instalment.press('Escape');
  await expect(table.getByRole('button', { name: 'Editar Cuota 2 de Cremación Básica' })).toHaveText(
    '$ 1.123,20',
  );

  // The switch follows the server's answer, not the click: click it, then wait for the state it shows.
  await table.getByLabel('Activo: Cremación Básica').click();
  await expect(page.getByText('Estado actualizado correctamente.')).toBeVisible();
  await expect(table.getByLabel('Activo: Cremación Básica')).not.toBeChecked();
  await capture(page, 'catalogo-01-planes');

  // The seller's list for cremation no longer offers it; the other cremation plan is still there.
  const offered = await offeredPlans(request, sellerToken, 'cremacion');
  expect(offered).not.toContain('Cremación Básica');
  expect(offered).toContain('Cremación con Ceremonia');

  // On a tablet each plan is a card (issue 15): its description, prices and switch all in view, none off the side.
  await page.getByLabel('Filtrar por servicio').selectOption('');
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(
    table.getByRole('button', { name: 'Editar Descripción de Cremación Básica' }),
  ).toBeInViewport();
  await expect(table.getByRole('button', { name: 'Editar Cuota 6 de Cremación Básica' })).toBeInViewport();
  await expect(table.getByLabel('Activo: Cremación Básica')).toBeInViewport();
  await capture(page, 'catalogo-02-planes-tablet');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Planes funerarios: the same editing.
  await openMenu(page, 'Gestión de Planes', 'Planes Funerarios');
  const funeral = page.getByRole('table', { name: 'Planes funerarios' });
  await funeral
    .getByRole('button', { name: 'Editar Precio Velación de Sala VIP en Funeraria 12 horas' })
    .click();
  await funeral
    .getByRole('textbox', { name: 'Precio Velación de Sala VIP en Funeraria 12 horas' })
    .fill('750');
  await funeral
    .getByRole('textbox', { name: 'Precio Velación de Sala VIP en Funeraria 12 horas' })
    .press('Tab');
  await expect(page.getByText('Plan actualizado correctamente').last()).toBeVisible();
  await expect(
    funeral.getByRole('button', { name: 'Editar Precio Velación de Sala VIP en Funeraria 12 horas' }),
  ).toHaveText('$ 750,00');
  await capture(page, 'catalogo-03-planes-funerarios');
});

test('plots: map and CSV required together, a bad line named, 25 plots paged by 10, a row edited', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request);
  const files = tempFolder();

  // Parcelas: both files are required; a bad line is named; then 25 plots, 10 per page.
  await openMenu(page, 'Gestión de Planes', 'Parcelas');
  const upload = page.getByRole('form', { name: 'Actualizar inventario de parcelas' });
  await expect(page.getByText('No hay parcelas registradas.')).toBeVisible();
  const map = writePng(path.join(files, 'mapa-parcelas.png'), {
    width: 240,
    height: 160,
    rgb: [46, 125, 50],
  });
  await upload.getByLabel('Imagen del mapa de parcelas', { exact: true }).setInputFiles(map);
  await upload.getByRole('button', { name: 'Subir archivos' }).click();
  await expect(upload.getByText('Debes subir tanto la imagen como el archivo CSV.')).toBeVisible();

  const badCsv = writeText(path.join(files, 'malo.csv'), 'codigo;disponible\nA01-01-01;3\nZZZ;3\n');
  await upload.getByLabel('Archivo CSV de parcelas', { exact: true }).setInputFiles(badCsv);
  await upload.getByRole('button', { name: 'Subir archivos' }).click();
  await expect(
    upload.getByText(
      'Error al actualizar las parcelas. Línea 3: El código debe tener el formato AXX-XX-XX (ejemplo: A03-26-01).',
    ),
  ).toBeVisible();
  await expect(page.getByText('No hay parcelas registradas.')).toBeVisible();

  await upload
    .getByLabel('Archivo CSV de parcelas', { exact: true })
    .setInputFiles(writeText(path.join(files, 'parcelas.csv'), plotCsv()));
  await expect(upload.getByText('parcelas.csv')).toBeVisible();
  // The server answers the CSV a little late, so that the progress bar can be seen.
  await page.route('**/api/admin/upload-parcelas', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await upload.getByRole('button', { name: 'Subir archivos' }).click();
  await expect(upload.getByRole('progressbar', { name: 'Subiendo archivos' })).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Subiendo...' })).toBeDisabled();
  await capture(page, 'catalogo-04a-parcelas-subiendo', { isPassing: true });
  await expect(page.getByText('Parcelas actualizadas exitosamente.')).toBeVisible();
  await expect(upload.getByRole('progressbar')).toHaveCount(0);
  await expect(upload.getByRole('img', { name: 'Mapa actual de parcelas' })).toBeVisible();

  const plots = page.getByRole('table', { name: 'Parcelas' });
  await expect(plots.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('Filas por página: 10')).toBeVisible();
  await expect(page.getByText('1–10 de 25')).toBeVisible();
  await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
  await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
  await expect(page.getByText('21–25 de 25')).toBeVisible();
  await expect(plots.getByRole('row')).toHaveCount(6);
  await expect(plots.locator('tbody td:first-child')).toHaveText(
    [21, 22, 23, 24, 25].map((n) => `A01-01-${n}`),
  );
  await expect(page.getByRole('button', { name: 'Ir a la página siguiente' })).toBeDisabled();

  // A row's counts edited in the dialog.
  await plots.getByRole('button', { name: 'Editar parcela A01-01-21' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Parcela A01-01-21' });
  await expect(dialog.getByText('Puestos: 3')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByLabel('Disponible').fill('0');
  await dialog.getByLabel('Reservadas').fill('0');
  await dialog.getByLabel('Ocupadas').fill('1');
  await dialog.getByLabel('Vendidas').fill('2');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Parcela actualizada exitosamente.')).toBeVisible();
  const edited = plots.getByRole('row').filter({ hasText: 'A01-01-21' });
  await expect(edited.getByRole('cell')).toHaveText(['A01-01-21', '3', '0', '0', '1', '2', '']);
  await capture(page, 'catalogo-04b-parcelas');
});

test('columbarium: one side image with its preview and new tab, niches imported from CSV', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request);
  const files = tempFolder();

  // Columbarios: one side image is enough; its preview opens in a new tab from the same blob.
  await openMenu(page, 'Gestión de Planes', 'Columbarios');
  const images = page.getByRole('form', { name: 'Imágenes de los lados del columbario' });
  await images.getByRole('button', { name: 'Subir imágenes' }).click();
  await expect(images.getByText('Debes subir al menos una imagen antes de enviar.')).toBeVisible();
  const side = writePng(path.join(files, 'lado1.png'), { width: 200, height: 140, rgb: [10, 69, 117] });
  await images.getByLabel('Nueva imagen del lado 1', { exact: true }).setInputFiles(side);
  await images.getByRole('button', { name: 'Subir imágenes' }).click();
  await expect(page.getByText('Imágenes actualizadas exitosamente.')).toBeVisible();
  const preview = images.getByRole('img', { name: 'Imagen actual del lado 1' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await expect(images.getByText('Aún no se ha subido esta imagen.')).toHaveCount(3);
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    images.getByRole('link', { name: 'Abrir Imagen actual del lado 1 en una pestaña nueva' }).click(),
  ]);
  await tab.waitForLoadState();
  expect(tab.url()).toMatch(/^blob:/);
  await tab.close();

  // Niches from a CSV, with a decimal comma.
  const niches = page.getByRole('form', { name: 'Importar nichos de columbario' });
  const nicheCsv = writeText(
    path.join(files, 'nichos.csv'),
    [
      'codigo;capilla;lado;fila;columna;cantidad_nichos;plan;estado;mto_contado;mto_financiado',
      'C1-L1-A01;Capilla 1;1;A;01;1;Sencillo;disponible;1000,00;1200,00',
      'C1-L1-A02;Capilla 1;1;A;02;2;Dúplex;ocupado;1.700,50;2040',
    ].join('\n'),
  );
  await niches.getByLabel('Archivo CSV de nichos', { exact: true }).setInputFiles(nicheCsv);
  await niches.getByRole('button', { name: 'Importar nichos' }).click();
  await expect(page.getByText('Nichos actualizados exitosamente.')).toBeVisible();
  const nicheTable = page.getByRole('table', { name: 'Nichos de columbario' });
  await expect(nicheTable.getByRole('row').filter({ hasText: 'C1-L1-A02' })).toContainText('OCUPADO');
  await expect(nicheTable.getByRole('row').filter({ hasText: 'C1-L1-A02' })).toContainText('$ 1.700,50');
  await capture(page, 'catalogo-05-columbarios');
});
