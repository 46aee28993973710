import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders } from '../../../test/render';
import { AdminWelcomePage } from './admin-welcome-page';

function card(label: string) {
  return within(screen.getByRole('region', { name: label }));
}

describe('AdminWelcomePage', () => {
  it('shows the four dashboard cards, with created requests as requests minus contracts', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({
      'GET /api/v1/vendedores/ventas/dashboard': {
        body: {
          solicitudes: 10,
          contratos: 4,
          solicitudes_caducadas: 2,
          total_ingresos: 1234567.5,
          total_verificado: 1000000.25,
        },
      },
    });
    renderWithProviders(<AdminWelcomePage />, { route: '/administracion' });

    expect(screen.getByRole('heading', { name: 'Bienvenido al Módulo Administrativo' })).toBeInTheDocument();
    expect(screen.getByText('Aquí podrás gestionar todos los servicios.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Solicitudes Creadas' })).toBeInTheDocument();
    expect(card('Solicitudes Creadas').getByText('6')).toBeInTheDocument();
    expect(card('Contratos Activos').getByText('4')).toBeInTheDocument();
    expect(card('Solicitudes Caducadas').getByText('2')).toBeInTheDocument();
    expect(card('Total Ingresos (USD)').getByText('$ 1.234.567,50')).toBeInTheDocument();
    // Issue 14 §3: reported and verified side by side.
    expect(card('Total Ingresos (USD)').getByText('Verificado: $ 1.000.000,25')).toBeInTheDocument();
  });

  it('says the data could not be loaded, with a notice, when the dashboard fails', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({ 'GET /api/v1/vendedores/ventas/dashboard': { status: 500, body: { detail: 'Fallo' } } });
    renderWithProviders(<AdminWelcomePage />, { route: '/administracion' });

    expect(await screen.findByText('No se pudieron cargar los datos.')).toBeInTheDocument();
    expect(await screen.findByText('Error al cargar datos.')).toBeInTheDocument();
  });
});
