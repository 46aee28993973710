import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../test/render';
import { AdminLayout } from './admin-layout';

function signIn(queueTotal: number) {
  localStorage.setItem('access_token', fakeToken({ rol: 'asistente', usuario: 'Olga Oficina' }));
  localStorage.setItem('rol', 'asistente');
  return mockApi({
    'GET /api/v1/tasa-cambio': { body: { promedio: 36.5, fuente: 'oficial', fecha: '2024-05-01' } },
    'GET /api/v1/admin/verificacion-pagos': { body: { items: [], total: queueTotal } },
  });
}

describe('AdminLayout menu', () => {
  it('shows how many payments wait beside Verificación de pagos', async () => {
    const user = setupUser();
    const fetchMock = signIn(3);
    renderWithProviders(<AdminLayout />, { route: '/administracion' });

    // jsdom has no media queries: the menu is the drawer opened from the header.
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await user.click(screen.getByRole('button', { name: 'Gestión de Pagos' }));

    const link = screen.getByRole('link', { name: /^Verificación de pagos/ });
    await within(link).findByText('3');
    expect(link).toHaveAccessibleName('Verificación de pagos 3 pendientes');
    expect(link).toHaveAttribute('href', '/administracion/verificacion-pagos');
    expect(
      fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('verificacion')),
    ).toEqual(['/api/v1/admin/verificacion-pagos?estado=por_verificar&page=1&per_page=1']);
  });

  it('shows no badge when nothing waits', async () => {
    const user = setupUser();
    signIn(0);
    renderWithProviders(<AdminLayout />, { route: '/administracion' });

    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await user.click(screen.getByRole('button', { name: 'Gestión de Pagos' }));
    const link = screen.getByRole('link', { name: 'Verificación de pagos' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(link).queryByText('0')).not.toBeInTheDocument();
  });
});
