import type { Page } from '@playwright/test';
import { parseCsv } from '@camposanto/domain';
import { expectAccessible } from '../support/axe';
import { downloadedText } from '../support/downloads';
import { ADMIN, bearer, createFirstAdmin, createStaff, ok, PASSWORD } from '../support/api';
import { expect, test } from '../support/fixtures';
import { chooseOption, signIn } from '../support/ui';

// Issue 15 (decision 032): search, sort, filter and CSV export on Gestionar Usuarios and Auditoría; the URL keeps
// them across a reload, and the CSV read back is what the filter selects.

const firstColumn = (page: Page) =>
  page.getByRole('table', { name: 'Usuarios' }).locator('tbody tr td:first-child').allInnerTexts();

test('list tools: search, sort, filter by role, reload, export CSV on users and on the audit', async ({
  page,
  request,
}) => {
  const admin = await createFirstAdmin(request);
  await createStaff(
    request,
    admin,
    { name: 'Beatriz Zamora', email: 'bea@camposanto.test', cedula: 'V-1001' },
    'vendedor',
  );
  await createStaff(
    request,
    admin,
    { name: 'Carlos Zamora', email: 'carlos@camposanto.test', cedula: 'V-1002' },
    'supervisor',
  );
  await ok(
    await request.post('/api/v1/usuarios/', {
      headers: bearer(admin),
      data: { username: 'Diana Ruiz', email: 'diana@camposanto.test', rol: 'asistente', password: PASSWORD },
    }),
  );

  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await page.goto('/administracion/gestionar-usuarios');
  await expect(page.getByRole('cell', { name: 'Diana Ruiz' })).toBeVisible();

  // Search: the two Zamoras only; then something nobody is called.
  const search = page.getByLabel('Buscar por nombre, email o cédula');
  await search.fill('zamora');
  await expect.poll(() => firstColumn(page)).toEqual(['Beatriz Zamora', 'Carlos Zamora']);
  await expect(page).toHaveURL(/q=zamora/);

  // Sort by name, descending on the second click.
  const byName = page.getByRole('button', { name: 'Nombre y Apellido' });
  await byName.click();
  await expect(page.getByRole('columnheader', { name: 'Nombre y Apellido' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await byName.click();
  await expect(page.getByRole('columnheader', { name: 'Nombre y Apellido' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect.poll(() => firstColumn(page)).toEqual(['Carlos Zamora', 'Beatriz Zamora']);

  // Filter by role: the seller only.
  await chooseOption(page, 'Rol', 'Vendedor');
  await expect.poll(() => firstColumn(page)).toEqual(['Beatriz Zamora']);
  await expect(page).toHaveURL(/rol=vendedor/);

  // A reload keeps search, order and filter.
  await page.reload();
  await expect(page.getByLabel('Buscar por nombre, email o cédula')).toHaveValue('zamora');
  await expect.poll(() => firstColumn(page)).toEqual(['Beatriz Zamora']);
  await expect(page.getByRole('columnheader', { name: 'Nombre y Apellido' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expectAccessible(page);

  // The CSV is what the filter selects: BOM, ';', the screen's titles, one row.
  const users = await downloadedText(page, /^usuarios-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(users.charCodeAt(0)).toBe(0xfeff);
  expect(users.split('\r\n')[0]).toBe('\uFEFFNombre y Apellido;Email;Rol;Cédula;Teléfono;Activo;Creado');
  const userRows = parseCsv(users).map((row) => row.values);
  expect(userRows.slice(1).map((row) => row.slice(0, 3))).toEqual([
    ['Beatriz Zamora', 'bea@camposanto.test', 'Vendedor/a'],
  ]);

  // Nothing found: the search's own empty text.
  await page.getByLabel('Buscar por nombre, email o cédula').fill('xyzzy');
  await expect(page.getByText('No se encontraron resultados para «xyzzy».')).toBeVisible();

  // Auditoría: the same export, searched.
  await page.goto('/administracion/auditoria');
  await page.getByLabel('Buscar por usuario, acción o descripción').fill('zamora');
  await expect(page).toHaveURL(/q=zamora/);
  await expect(page.getByRole('cell', { name: 'Crear usuario' }).first()).toBeVisible();
  const audit = await downloadedText(page, /^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(audit.charCodeAt(0)).toBe(0xfeff);
  const auditRows = parseCsv(audit).map((row) => row.values);
  expect(auditRows[0]).toEqual(['Usuario', 'Rol', 'Acción', 'Descripción', 'Fecha']);
  expect(auditRows.length).toBeGreaterThanOrEqual(3);
  expect(auditRows.slice(1).every((row) => row.join(' ').toLowerCase().includes('zamora'))).toBe(true);
  await expectAccessible(page);
});
