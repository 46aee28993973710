import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fakeToken,
  mockApi,
  queriesTo,
  renderWithProviders,
  setupUser,
  waitForQuery,
} from '../../../test/render';
import { TeamSellersPage } from './team-sellers-page';

// Issue 15 (decision 032): the supervisor's 'Lista de Vendedores' searched, sorted and paged on the server.

const path = '/api/vendedor/list/3';
const seller = { id: 5, usuario: 'Víctor Vendedor', email: 'victor@camposanto.test', telefono: null };

function setUp(body: unknown[] = [seller]) {
  localStorage.setItem('access_token', fakeToken({ rol: 'supervisor', sub: '3' }));
  return mockApi({
    [`GET ${path}`]: { body, headers: { 'X-Total-Count': String(body.length) } },
  });
}

describe('TeamSellersPage (issue 15)', { timeout: 30_000 }, () => {
  it('pages on the server, searches with q and sorts by a header', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<TeamSellersPage />);

    expect(await screen.findByRole('row', { name: /Víctor Vendedor/ })).toBeInTheDocument();
    expect(queriesTo(fetchMock, path)[0]?.get('per_page')).toBe('10');
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por nombre, email, cédula o teléfono' }),
      'victor{Enter}',
    );
    await waitForQuery(fetchMock, path, { q: 'victor' });
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitForQuery(fetchMock, path, { orden: 'email' });
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitForQuery(fetchMock, path, { orden: '-email' });
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });

  it('says the search found nothing, without the no-team notice', async () => {
    setUp([]);
    renderWithProviders(<TeamSellersPage />, { route: '/?q=zzz' });

    expect(await screen.findByText('No se encontraron resultados para «zzz».')).toBeInTheDocument();
    expect(screen.queryByText('No posee vendedores a su cargo.')).not.toBeInTheDocument();
  });
});
