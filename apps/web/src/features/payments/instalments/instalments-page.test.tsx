import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { AdminInstalmentsPage, SalesInstalmentsPage } from './instalments-page';

const urls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([url]) => String(url));

describe('InstalmentsPage', () => {
  it('asks the server for a page of the financed contracts and turns pages there', async () => {
    const user = setupUser();
    localStorage.setItem('access_token', fakeToken({ rol: 'asistente' }));
    const fetchMock = mockApi({
      'GET /api/v1/cuotas/contratos-financiados': {
        body: [makeRequestDto({ id: 5 }), makeRequestDto({ id: 6 })],
        headers: { 'X-Total-Count': '42' },
      },
    });
    renderWithProviders(<AdminInstalmentsPage />);

    const row = await screen.findByRole('row', { name: /CON-000005/ });
    expect(within(row).getByText('Valeria Vendedora')).toBeInTheDocument();
    expect(screen.getByText('1–10 de 42')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await screen.findByText('11–20 de 42');
    expect(urls(fetchMock)).toEqual([
      '/api/v1/cuotas/contratos-financiados?page=1&per_page=10',
      '/api/v1/cuotas/contratos-financiados?page=2&per_page=10',
    ]);
  });

  it('shows the alert of SPEC §8 when the contracts cannot be loaded', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'vendedor' }));
    mockApi({
      'GET /api/v1/cuotas/contratos-financiados': { status: 500, body: { detail: 'Error interno' } },
    });
    renderWithProviders(<SalesInstalmentsPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar contratos');
    expect(screen.getByText('No hay contratos disponibles.')).toBeInTheDocument();
  });
});
