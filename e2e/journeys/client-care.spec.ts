import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { bearer, createFirstAdmin, createStaff, ok, PASSWORD, SELLER, tokenOf } from '../support/api';
import { openMenu, screenshot, signIn } from '../support/ui';
import { expectAccessible } from '../support/axe';
import { pngOf } from '../support/sales-setup';

// SPEC §2 Gestión de Clientes and Ayuda: a seller uploads a client's identity document and a pre-need
// relative's, registers the two authorised persons of a contract and walks the help topics.

const CLIENT = { nombre: 'Carmen Rodríguez', cedula: 'V-14555666' };
const RELATIVE = 'Lucía Rodríguez';

// A small but well-formed PDF (the server checks the content; the browser can show it).
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
  'latin1',
);

/**
 * Through the API: the first administrator, a seller, the seller's client and a pre-need contract of that
 * client with one relative (requested by the seller, converted by the administrator).
 */
async function seedClientCare(request: APIRequestContext) {
  const admin = await createFirstAdmin(request);
  await createStaff(request, admin, SELLER, 'vendedor');
  const seller = await tokenOf(request, SELLER.email, PASSWORD);
  const client = await ok<{ id: number }>(
    await request.post('/api/v1/clientes/', {
      headers: bearer(seller),
      multipart: {
        ...CLIENT,
        fecha_nacimiento: '1968-11-04',
        telefono: '2125551234',
        celular: '04141234567',
        email: 'carmen.rodriguez@correo.test',
        direccion: 'Calle Real de Sabana Grande, Caracas',
      },
    }),
  );
  const plans = await ok<{ id: number }[]>(
    await request.get('/api/planes', { headers: bearer(seller), params: { tipo_servicio: 'previsivo' } }),
  );
  expect(plans.length).toBeGreaterThan(0);
  const created = await ok<{ items: { id: number }[] }>(
    await request.post('/api/previsivos', {
      headers: bearer(seller),
      data: [
        {
          cliente_id: client.id,
          plan_id: plans[0]!.id,
          cuotas: 2,
          metodoPago: 'USD',
          familiares: [{ nombre: RELATIVE, fecha_nacimiento: '2004-03-15', parentesco: 2 }],
        },
      ],
    }),
  );
  const contract = await ok<{ numero_contrato: string }>(
    await request.post('/api/v1/admin/convertir-contrato', {
      headers: bearer(admin),
      data: { SolicitudId: created.items[0]!.id },
    }),
  );
  return { contractNumber: contract.numero_contrato };
}

async function signInAsSeller(page: Page) {
  page.context().setDefaultNavigationTimeout(20_000);
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
}

test('a seller uploads a client’s identity PDF and sees DOCUMENTO SUBIDO', async ({ page, request }) => {
  await seedClientCare(request);
  await signInAsSeller(page);

  await openMenu(page, 'Gestión de Clientes', 'Subir Documento');
  await expect(page).toHaveURL(/\/ventas\/subir-documento$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Subir Documento' })).toBeVisible();

  // SPEC §5 Document search: an empty cédula, and Guardar without a client.
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Por favor, ingrese la cédula del cliente.')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Por favor, seleccione un cliente y un documento.')).toBeVisible();

  // An unknown cédula.
  await page.getByLabel('Cédula del cliente').fill('V-99999999');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Cliente no encontrado.')).toBeVisible();

  await page.getByLabel('Cédula del cliente').fill(CLIENT.cedula.toLowerCase());
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const details = page.getByRole('region', { name: 'Datos del cliente' });
  await expect(details.getByRole('heading', { name: CLIENT.nombre })).toBeVisible();
  await expect(details).toContainText('Calle Real de Sabana Grande, Caracas');
  await expect(details).toContainText('2125551234');
  await expect(details).toContainText('No subido');
  await expect(details.getByText('DOCUMENTO SUBIDO')).toHaveCount(0);
  await screenshot(page, 'client-care-01-cliente-sin-documento');
  await expectAccessible(page);

  await page.getByLabel('Documento de identidad (imagen o PDF)').setInputFiles({
    name: 'cedula-carmen.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('cedula-carmen.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Documento subido con éxito.')).toBeVisible();
  await expect(details.getByText('DOCUMENTO SUBIDO')).toBeVisible();
  await expect(details).toContainText('cedula-carmen.pdf');
  const link = details.getByRole('link', { name: `Ver documento de ${CLIENT.nombre}` });
  await expect(link).toHaveAttribute('href', /^blob:/);
  await expect(link).toHaveAttribute('target', '_blank');
  await screenshot(page, 'client-care-02-documento-subido');
  await expectAccessible(page);

  // The document is still there on a new search, and the screen holds at tablet width.
  await page.reload();
  await page.getByLabel('Cédula del cliente').fill(CLIENT.cedula);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('DOCUMENTO SUBIDO')).toBeVisible();
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, 'client-care-03-documento-768');
  await expectAccessible(page);
});

test('a seller uploads a pre-need relative’s document', async ({ page, request }) => {
  const { contractNumber } = await seedClientCare(request);
  await signInAsSeller(page);

  await openMenu(page, 'Gestión de Clientes', 'Subir Documento Familiar');
  await expect(page.getByRole('heading', { level: 1, name: 'Subir Documento Familiar' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: contractNumber });
  await expect(row).toContainText(CLIENT.nombre);
  await expect(row).toContainText('CONTRATO');
  await row.getByRole('button', { name: 'Expandir fila' }).click();

  const relatives = page.getByRole('table', { name: `Familiares del contrato ${contractNumber}` });
  const relative = relatives.getByRole('row').filter({ hasText: RELATIVE });
  await expect(relative).toContainText('Hijo(a)');
  await expect(relative).toContainText('No subido');
  await screenshot(page, 'client-care-04-familiares');
  await expectAccessible(page);

  await relative.getByRole('button', { name: `Subir documento de ${RELATIVE}` }).click();
  const dialog = page.getByRole('dialog', { name: `Documento de identidad de ${RELATIVE}` });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Por favor, seleccione un cliente y un documento.')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByLabel('Documento de identidad (imagen o PDF)').setInputFiles({
    name: 'partida-lucia.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, 'Partida de nacimiento'),
  });
  await screenshot(page, 'client-care-05-dialogo-familiar');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Documento de identidad subido exitosamente.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(relative).toContainText('partida-lucia.png');
  await expect(relative.getByRole('link', { name: `Ver documento de ${RELATIVE}` })).toHaveAttribute(
    'href',
    /^blob:/,
  );
  await expect(relative.getByRole('button', { name: `Subir documento de ${RELATIVE}` })).toHaveText(
    'Reemplazar',
  );
  await screenshot(page, 'client-care-06-familiar-con-documento');
  await expectAccessible(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, 'client-care-06b-familiar-768');
  await expectAccessible(page);
});

async function fillPerson(
  dialog: ReturnType<Page['getByRole']>,
  index: number,
  /** fecha as typed in the field: dd/mm/aaaa. */
  person: { nombre: string; cedula: string; fecha: string; email: string },
) {
  const group = dialog.getByRole('group', { name: `Persona autorizada ${index}` });
  await group.getByLabel('Nombre').fill(person.nombre);
  await group.getByLabel('Cédula').fill(person.cedula);
  await group.getByLabel('Dirección').fill('Urb. La Florida, Caracas');
  await group.getByLabel('Fecha de Nacimiento').fill(person.fecha);
  await group.getByLabel('Teléfono').fill('2127778899');
  await group.getByLabel('Celular').fill('04241112233');
  await group.getByLabel('Email').fill(person.email);
  return group;
}

test('a seller adds two authorised persons and finds Agregar Autorizados disabled (2/2)', async ({
  page,
  request,
}) => {
  const { contractNumber } = await seedClientCare(request);
  await signInAsSeller(page);

  await openMenu(page, 'Gestión de Clientes', 'Autorizados');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gestión de personas autorizadas' }),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: contractNumber });
  await expect(row).toContainText('0/2');
  await row.getByRole('button', { name: 'Expandir fila' }).click();
  await expect(page.getByText('No hay personas autorizadas registradas.')).toBeVisible();
  await row.getByRole('button', { name: 'Agregar Autorizados' }).click();

  const dialog = page.getByRole('dialog', { name: `Agregar Autorizados — ${contractNumber}` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  const first = await fillPerson(dialog, 1, {
    nombre: 'José Gregorio Rodríguez',
    cedula: 'V-12333444',
    fecha: '29/06/1970',
    email: 'jose.rodriguez@correo.test',
  });
  await expect(first.getByLabel('Edad')).not.toHaveValue('');
  await first.getByLabel('Documento de identidad de la persona 1 (imagen, opcional)').setInputFiles({
    name: 'cedula-jose.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, 'Cédula José'),
  });
  // SPEC §5: a name without its cédula is refused.
  const second = dialog.getByRole('group', { name: 'Persona autorizada 2' });
  await second.getByLabel('Nombre').fill('Ana Rodríguez');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(second.getByText('Indique nombre y cédula de la persona, o deje ambos vacíos.')).toBeVisible();
  await fillPerson(dialog, 2, {
    nombre: 'Ana Isabel Rodríguez',
    cedula: 'V-15888999',
    fecha: '12/01/1975',
    email: 'ana.rodriguez@correo',
  });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(second.getByText('Ingresa un email válido (usuario@dominio.com)')).toBeVisible();
  await second.getByLabel('Email').fill('ana.rodriguez@correo.test');
  await screenshot(page, 'client-care-07-dialogo-autorizados');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Guardar' }).click();

  await expect(page.getByText('Personas autorizadas registradas con éxito')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('2/2');
  await expect(row.getByRole('button', { name: 'Agregar Autorizados' })).toBeDisabled();
  const persons = page.getByRole('table', { name: `Personas autorizadas del contrato ${contractNumber}` });
  await expect(persons.getByRole('row').filter({ hasText: 'V-12333444' })).toContainText(
    'José Gregorio Rodríguez',
  );
  await expect(persons.getByRole('row').filter({ hasText: 'V-15888999' })).toContainText(
    'ana.rodriguez@correo.test',
  );
  await expect(persons.getByRole('link', { name: 'Ver documento de José Gregorio Rodríguez' })).toBeVisible();
  await screenshot(page, 'client-care-08-autorizados-2-de-2');
  await expectAccessible(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, 'client-care-09-autorizados-768');
  await expectAccessible(page);
});

test('a seller walks the five help topics with the arrows and back to the first', async ({
  page,
  request,
}) => {
  await seedClientCare(request);
  await signInAsSeller(page);

  await openMenu(page, 'Ayuda', 'Preguntas Frecuentes');
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas Frecuentes' })).toBeVisible();
  await page.getByRole('link', { name: /^Cremación/ }).click();

  const topics = [
    ['Cremación', 18],
    ['Honra de Exequias', 13],
    ['Servicio Funerario', 8],
    ['Parcelas', 2],
    ['Columbarios', 2],
  ] as const;
  for (const [index, [title, stages]] of topics.entries()) {
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('list', { name: /^Etapas:/ }).getByRole('listitem')).toHaveCount(stages);
    if (index === 0) {
      await page.getByRole('button', { name: '¿Hay un peso máximo para la cremación?' }).click();
      await expect(page.getByText(/hasta 140 kg/).last()).toBeVisible();
      // A full-page capture of a scrolled page would draw the fixed header midway.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'client-care-10-ayuda-cremacion');
      await expectAccessible(page);
    }
    await page.getByRole('link', { name: 'Tema siguiente' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Cremación' })).toBeVisible();
  await page.getByRole('link', { name: 'Tema anterior' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Columbarios' })).toBeVisible();
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, 'client-care-11-ayuda-columbarios-768');
  await expectAccessible(page);
});
