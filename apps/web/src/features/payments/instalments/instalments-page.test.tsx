import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fakeToken,
  lastQueryTo,
  LocationSearch,
  mockApi,
  renderWithProviders,
  setupUser,
} from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { AdminInstalmentsPage, SalesInstalmentsPage } from './instalments-page';

/** The calls to the financed contracts (the office's screen also asks for the sellers of its filter). */
const urls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/v1/cuotas/contratos-financiados'));

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

describe('InstalmentsPage — search, sort and filters (issue 15)', () => {
  it('sends the search as q, a header click as orden and the filters by their words, kept in the URL', async () => {
    const user = setupUser();
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    const fetchMock = mockApi({
      'GET /api/v1/cuotas/contratos-financiados': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /api/v1/vendedores': {
        body: {
          mensaje: 'ok',
          usuarios: [],
          vendedores: [
            {
              id: 4,
              nombre: 'Luis Gómez',
              cedula: null,
              direccion: null,
              telefono: null,
              email: 'l@x.test',
              supervisor_id: null,
              supervisor_nombre: null,
              is_active: true,
            },
          ],
        },
      },
    });
    renderWithProviders(
      <>
        <AdminInstalmentsPage />
        <LocationSearch />
      </>,
    );
    const last = () => lastQueryTo(fetchMock, '/api/v1/cuotas/contratos-financiados');
    await screen.findByText('No hay contratos disponibles.');

    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por cliente, cédula o contrato' }),
      'ana{Enter}',
    );
    await waitFor(() => expect(last().q).toBe('ana'));
    expect(await screen.findByText('No se encontraron resultados para «ana».')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Precio del Plan' }));
    await waitFor(() => expect(last().orden).toBe('precio_plan'));
    await user.click(screen.getByRole('button', { name: 'Precio del Plan' }));
    await waitFor(() => expect(last().orden).toBe('-precio_plan'));

    await user.click(screen.getByRole('combobox', { name: 'Vendedor' }));
    await user.click(await screen.findByRole('option', { name: 'Luis Gómez' }));
    await waitFor(() => expect(last().vendedor_id).toBe('4'));
    await user.click(screen.getByRole('combobox', { name: 'Servicio' }));
    await user.click(await screen.findByRole('option', { name: 'Cremación' }));
    await waitFor(() =>
      expect(last()).toEqual({
        q: 'ana',
        orden: '-precio_plan',
        vendedor_id: '4',
        servicio: 'cremacion',
        page: '1',
        per_page: '10',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(screen.getByTestId('location').textContent ?? ''))).toEqual(
      {
        q: 'ana',
        orden: '-precio_plan',
        vendedor_id: '4',
        servicio: 'cremacion',
      },
    );
  });
});
