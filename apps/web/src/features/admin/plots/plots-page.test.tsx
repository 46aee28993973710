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
import { PlotsPage } from './plots-page';

const PLOTS = '/parcelas';

const plot = {
  id: 1,
  codigo: 'A01-01-01',
  puestos: 3,
  disponible: 2,
  reservadas: 1,
  ocupadas: 0,
  vendidas: 0,
};

/** Signed in as an administrator; every GET /parcelas answers one plot. */
function setUp() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  const fetchMock = mockApi({
    'GET /api/mapas': { body: [] },
    [`GET ${PLOTS}`]: () => ({ body: { items: [plot], total: 1, page: 1, per_page: 10 } }),
  });
  return fetchMock;
}

// The first render of MUI in a worker is slow on a busy machine.
describe('PlotsPage (issue 15)', { timeout: 20_000 }, () => {
  it('searches by code with q, keeping the SPEC page size of 10 (Filas por página: 10)', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<PlotsPage />);

    await screen.findByRole('row', { name: /A01-01-01/ });
    expect(screen.getByText('Filas por página: 10')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por código' }), 'A01{Enter}');

    await waitForQuery(fetchMock, PLOTS, { q: 'A01' });
    const searched = queriesTo(fetchMock, PLOTS).find((query) => query.get('q') === 'A01')!;
    expect(searched.get('per_page')).toBe('10');
  });

  it('sorts by a column header with orden, ascending then descending', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<PlotsPage />);

    await screen.findByRole('row', { name: /A01-01-01/ });
    await user.click(screen.getByRole('button', { name: 'Disponible' }));
    await waitForQuery(fetchMock, PLOTS, { orden: 'disponible' });
    expect(screen.getByRole('columnheader', { name: 'Disponible' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Disponible' }));
    await waitForQuery(fetchMock, PLOTS, { orden: '-disponible' });
  });

  it('filters by availability with disponibilidad', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<PlotsPage />);

    await screen.findByRole('row', { name: /A01-01-01/ });
    await user.click(screen.getByRole('combobox', { name: 'Disponibilidad' }));
    await user.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'Sin puestos disponibles' }),
    );
    await waitForQuery(fetchMock, PLOTS, { disponibilidad: 'sin_puestos' });
  });

  it('says the search found nothing', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({
      'GET /api/mapas': { body: [] },
      [`GET ${PLOTS}`]: { body: { items: [], total: 0, page: 1, per_page: 10 } },
    });
    renderWithProviders(<PlotsPage />, { route: '/?q=zzz' });

    expect(await screen.findByText('No se encontraron resultados para «zzz».')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar por código' })).toHaveValue('zzz');
  });
});
