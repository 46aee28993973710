import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fakeToken,
  mockApi,
  queriesTo,
  renderWithProviders,
  setupUser,
  waitForQuery,
} from '../../../test/render';
import { ManageSellersPage } from './manage-sellers-page';

const supervisor = {
  id: 3,
  username: 'Sara Supervisora',
  email: 'sara@camposanto.test',
  rol: 'supervisor',
  cedula: 'V-3',
  direccion: 'Caracas',
  telefono: '0414000003',
  is_active: true,
  vendedor_id: null,
  created_at: '2024-05-01T10:00:00Z',
};
const seller = {
  id: 5,
  nombre: 'Víctor Vendedor',
  cedula: 'V-5',
  direccion: 'Valencia',
  telefono: '0414000005',
  email: 'victor@camposanto.test',
  supervisor_id: 3,
  supervisor_nombre: 'Sara Supervisora',
  is_active: true,
};

/** Signed in as an administrator; every GET of the sellers answers one seller and the supervisor. */
function setUp() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  return mockApi({
    'GET /api/v1/vendedores': {
      body: { mensaje: 'Vendedores listados', vendedores: [seller], usuarios: [supervisor] },
      headers: { 'X-Total-Count': '1' },
    },
  });
}

// The first render of MUI in a worker is slow on a busy machine.
describe('ManageSellersPage (issue 15)', { timeout: 20_000 }, () => {
  it('searches with q, paged on the server', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<ManageSellersPage />);

    const row = await screen.findByRole('row', { name: /Víctor Vendedor/ });
    expect(within(row).getByText('Sara Supervisora')).toBeInTheDocument();
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por nombre, cédula, email o teléfono' }),
      'victor{Enter}',
    );
    await waitForQuery(fetchMock, '/api/v1/vendedores', { q: 'victor' });
    expect(queriesTo(fetchMock, '/api/v1/vendedores').at(-1)?.get('per_page')).toBe('10');
  });

  it('sorts by a column header with orden, ascending then descending', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<ManageSellersPage />);

    await screen.findByRole('row', { name: /Víctor Vendedor/ });
    await user.click(screen.getByRole('button', { name: 'Supervisor' }));
    await waitForQuery(fetchMock, '/api/v1/vendedores', { orden: 'supervisor' });
    expect(screen.getByRole('columnheader', { name: 'Supervisor' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Supervisor' }));
    await waitForQuery(fetchMock, '/api/v1/vendedores', { orden: '-supervisor' });
  });

  it('filters by supervisor: one of them, or none', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<ManageSellersPage />);

    await screen.findByRole('row', { name: /Víctor Vendedor/ });
    await user.click(screen.getByRole('combobox', { name: 'Supervisor' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Sara Supervisora' }));
    await waitForQuery(fetchMock, '/api/v1/vendedores', { supervisor: '3' });
    await user.click(screen.getByRole('combobox', { name: 'Supervisor' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Sin supervisor' }));
    await waitForQuery(fetchMock, '/api/v1/vendedores', { supervisor: 'ninguno' });
  });

  it('says the search found nothing, without the no-sellers notice', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({
      'GET /api/v1/vendedores': {
        body: { mensaje: 'No hay vendedores registrados.', vendedores: [], usuarios: [supervisor] },
        headers: { 'X-Total-Count': '0' },
      },
    });
    renderWithProviders(<ManageSellersPage />, { route: '/?q=zzz' });

    expect(await screen.findByText('No se encontraron resultados para «zzz».')).toBeInTheDocument();
    expect(screen.queryByText('No hay vendedores registrados.')).not.toBeInTheDocument();
  });
});
