import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ADMIN, PASSWORD, SELLER, SUPERVISOR } from '../support/api';
import { expectAccessible } from '../support/axe';
import { openMenu, screenshot, signIn, signOut } from '../support/ui';

/** Opens 'Agregar Usuario' and fills it in for `person`; answers the dialog, not yet saved. */
async function fillNewUser(page: Page, person: { name: string; email: string; cedula: string }, rol: string) {
  await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar Usuario' });
  await dialog.getByLabel(/^Nombre y Apellido/).fill(person.name);
  await dialog.getByLabel(/^Email/).fill(person.email);
  await dialog.getByLabel(/^Rol/).selectOption({ label: rol });
  await dialog.getByLabel(/^Contraseña/).fill(PASSWORD);
  await dialog.getByLabel(/^Cédula/).fill(person.cedula);
  await dialog.getByLabel(/^Dirección/).fill('Av. Bolívar, Caracas');
  await dialog.getByLabel(/^Teléfono/).fill('4121234567');
  return dialog;
}

test('first administrator, users, supervisor assignment, role landing and audit trail', async ({ page }) => {
  page.context().setDefaultNavigationTimeout(20_000);

  // An empty database offers the first administrator instead of the login.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Crear Primer Administrador' })).toBeVisible();
  await screenshot(page, '01-crear-admin');
  await expectAccessible(page);
  await page.getByLabel('Nombre').fill(ADMIN.name);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel(/^Contraseña/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Crear Administrador' }).click();
  await expect(page.getByText('Administrador creado correctamente.')).toBeVisible();
  // After the 2 s reload the login is shown.
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page);

  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await expect(page.getByText('Bienvenido al Módulo Administrativo')).toBeVisible();
  await expect(page.getByText(ADMIN.name)).toBeVisible();
  await screenshot(page, '02-bienvenida-admin');
  await expectAccessible(page);

  // Users: a supervisor and a seller.
  await openMenu(page, 'Gestión Usuarios', 'Gestionar Usuarios');
  await expect(page).toHaveURL(/gestionar-usuarios$/);
  for (const [person, rol] of [
    [SUPERVISOR, 'Supervisor'],
    [SELLER, 'Vendedor/a'],
  ] as const) {
    const dialog = await fillNewUser(page, person, rol);
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Usuario agregado exitosamente').last()).toBeVisible();
    await expect(page.getByRole('cell', { name: person.email })).toBeVisible();
  }
  await screenshot(page, '03-usuarios');
  await expectAccessible(page);

  // A refused save keeps its dialog open, and its notice is heard over the dialog (decision 049): on a tablet.
  await page.setViewportSize({ width: 768, height: 1024 });
  const again = await fillNewUser(page, { ...SELLER, cedula: 'V-99999999' }, 'Vendedor/a');
  await again.getByRole('button', { name: 'Guardar' }).click();
  const refused = page
    .getByRole('alert')
    .filter({ hasText: 'Ya existe un usuario con ese correo electrónico.' });
  await expect(refused).toHaveText(
    'Error al guardar el usuario: Ya existe un usuario con ese correo electrónico.',
  );
  await expect(again).toBeVisible();
  await screenshot(page, '03-usuario-repetido-768');
  await expectAccessible(page);
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(again).toBeHidden();
  await page.setViewportSize({ width: 1366, height: 900 });

  // Sellers: assign the supervisor.
  await openMenu(page, 'Gestión Usuarios', 'Gestionar Vendedores');
  const sellerRow = page.getByRole('row').filter({ hasText: SELLER.email });
  await expect(sellerRow).toContainText('Sin supervisor');
  await sellerRow.getByRole('button', { name: 'Editar' }).click();
  const sellerDialog = page.getByRole('dialog', { name: 'Editar Vendedor' });
  await sellerDialog.getByLabel('Supervisor').selectOption({ label: SUPERVISOR.name });
  await expectAccessible(page, '[role="dialog"]');
  await sellerDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Vendedor actualizado exitosamente')).toBeVisible();
  await expect(sellerRow).toContainText(SUPERVISOR.name);
  await screenshot(page, '04-vendedores');
  await expectAccessible(page);

  await signOut(page);

  // The seller lands on /ventas and has no 'Vendedores' entry.
  await signIn(page, SELLER.email, PASSWORD, /\/ventas$/);
  await page.getByRole('navigation').getByRole('button', { name: 'Gestión de Ventas' }).click();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Solicitudes' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Vendedores' })).toHaveCount(0);
  await screenshot(page, '05-ventas-vendedor');
  await expectAccessible(page);
  await signOut(page);

  // The administrator's audit lists those actions.
  await signIn(page, ADMIN.email, ADMIN.password, /\/administracion$/);
  await page.goto('/administracion/auditoria');
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  const table = page.getByRole('table');
  await expect(table.getByText(`Usuario creado: ${SUPERVISOR.name}`, { exact: false })).toBeVisible();
  await expect(table.getByText(`Usuario creado: ${SELLER.name}`, { exact: false })).toBeVisible();
  await expect(table.getByText(`Vendedor ${SELLER.name} actualizado`, { exact: false })).toBeVisible();
  await expect(table.getByText('Primer administrador creado', { exact: false })).toBeVisible();
  await screenshot(page, '06-auditoria');
  await expectAccessible(page);
});
