import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser, type TestUser } from '../../test/render';
import { SalesLayout } from './sales-layout';

function signInAs(rol: string) {
  localStorage.setItem('access_token', fakeToken({ rol, usuario: 'Luis Gómez' }));
  localStorage.setItem('rol', rol);
  mockApi({
    'GET /api/v1/tasa-cambio': { body: { promedio: 36.5, fuente: 'oficial', fecha: '2024-05-01' } },
  });
}

// jsdom has no media queries, so the layout is the tablet one: the menu is a drawer opened from the header.
async function openMenu(user: TestUser) {
  await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
}

describe('SalesLayout menu', () => {
  it('hides the Vendedores link from a vendedor', async () => {
    const user = setupUser();
    signInAs('vendedor');
    renderWithProviders(<SalesLayout />, { route: '/ventas' });

    await openMenu(user);
    await user.click(screen.getByRole('button', { name: 'Gestión de Ventas' }));

    expect(screen.getByRole('link', { name: 'Solicitudes' })).toHaveAttribute('href', '/ventas/solicitudes');
    expect(screen.getByRole('link', { name: 'Contratos' })).toHaveAttribute('href', '/ventas/contratos');
    expect(screen.queryByRole('link', { name: 'Vendedores' })).not.toBeInTheDocument();
  });

  it('shows the Vendedores link to a supervisor', async () => {
    const user = setupUser();
    signInAs('supervisor');
    renderWithProviders(<SalesLayout />, { route: '/ventas' });

    await openMenu(user);
    await user.click(screen.getByRole('button', { name: 'Gestión de Ventas' }));

    expect(screen.getByRole('link', { name: 'Vendedores' })).toHaveAttribute('href', '/ventas/vendedores');
  });

  it('starts with every group closed and opens each on its own', async () => {
    const user = setupUser();
    signInAs('vendedor');
    renderWithProviders(<SalesLayout />, { route: '/ventas' });

    await openMenu(user);
    expect(screen.queryByRole('link', { name: 'Parcelas' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Productos' }));
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));

    expect(screen.getByRole('link', { name: 'Parcelas' })).toHaveAttribute(
      'href',
      '/ventas/contrato/parcelas',
    );
    expect(screen.getByRole('link', { name: 'Preguntas Frecuentes' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reporte de Pagos' })).not.toBeInTheDocument();
  });

  it('lists the funeral-service form under Servicios (issue 15)', async () => {
    const user = setupUser();
    signInAs('vendedor');
    renderWithProviders(<SalesLayout />, { route: '/ventas' });

    await openMenu(user);
    await user.click(screen.getByRole('button', { name: 'Servicios' }));

    expect(screen.getByRole('link', { name: 'Servicio Funerario' })).toHaveAttribute(
      'href',
      '/ventas/contrato/servicio-funerario',
    );
  });

  it('opens the group of the page opened by its address, with that page marked (issue 15)', async () => {
    const user = setupUser();
    signInAs('vendedor');
    renderWithProviders(<SalesLayout />, { route: '/ventas/reporte-cuotas' });

    await openMenu(user);

    expect(screen.getByRole('button', { name: 'Gestión de Pagos' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Reporte de Cuotas' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Productos' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the dollar rate and the signed-in user in the header', async () => {
    signInAs('vendedor');
    renderWithProviders(<SalesLayout />, { route: '/ventas' });

    expect(await screen.findByText('Dólar BCV: 36,50 Bs.')).toBeInTheDocument();
    expect(screen.getByText('Luis Gómez')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar Sesión' })).toBeInTheDocument();
  });
});
