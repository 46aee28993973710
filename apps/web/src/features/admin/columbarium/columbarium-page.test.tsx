import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser, waitForQuery } from '../../../test/render';
import { ColumbariumPage } from './columbarium-page';

const NICHES = '/api/v1/admin/columbarios';

const niche = {
  id: 1,
  codigo: 'C1-L1-F1-C1',
  estado: 'disponible',
  cantidad_nichos: 2,
  plan: 'Plan Nicho',
  descripcion: null,
  mto_contado: 150000,
  mto_financiado: 180000,
  capilla: 'C1',
  lado: 'L1',
  fila: 'F1',
  columna: 'C1',
};

/** Signed in as an administrator; every GET of the niches answers one niche. */
function setUp() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  return mockApi({
    'GET /api/mapas': { body: [] },
    [`GET ${NICHES}`]: { body: { items: [niche], total: 1, page: 1, per_page: 10 } },
  });
}

// The first render of MUI in a worker is slow on a busy machine.
describe('ColumbariumPage niches (issue 15)', { timeout: 20_000 }, () => {
  it('searches with q', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<ColumbariumPage />);

    await screen.findByRole('row', { name: /C1-L1-F1-C1/ });
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por código, capilla o plan' }),
      'Nicho{Enter}',
    );
    await waitForQuery(fetchMock, NICHES, { q: 'Nicho' });
  });

  it('sorts by a column header with orden, ascending then descending', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<ColumbariumPage />);

    await screen.findByRole('row', { name: /C1-L1-F1-C1/ });
    await user.click(screen.getByRole('button', { name: 'Contado' }));
    await waitForQuery(fetchMock, NICHES, { orden: 'mto_contado' });
    expect(screen.getByRole('columnheader', { name: 'Contado' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Contado' }));
    await waitForQuery(fetchMock, NICHES, { orden: '-mto_contado' });
  });

  it('filters by estado', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<ColumbariumPage />);

    await screen.findByRole('row', { name: /C1-L1-F1-C1/ });
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Vendido' }));
    await waitForQuery(fetchMock, NICHES, { estado: 'vendido' });
  });

  it('says the search found nothing', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({
      'GET /api/mapas': { body: [] },
      [`GET ${NICHES}`]: { body: { items: [], total: 0, page: 1, per_page: 10 } },
    });
    renderWithProviders(<ColumbariumPage />, { route: '/?q=zzz' });

    expect(await screen.findByText('No se encontraron resultados para «zzz».')).toBeInTheDocument();
  });
});
