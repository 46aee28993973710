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
import { IncomePage } from './income-page';

// Issue 15 (decision 032): Historial de ingresos' contracts searched and sorted by the server, its filters and
// words kept in the URL, and the totals those of the filters.

const PATH = '/api/v1/admin/historial-ingresos-resumen';

const summary = {
  vendedores: [],
  contratos: [{ ...makeRequestDto({ id: 5 }), total_pagado: 120.5 }],
  total_contratos: 1,
  totales: { total_contado: 0, total_financiado: 1500.5, suma_total_pagos: 120.5 },
  page: 1,
  per_page: 10,
};

function renderPage(route = '/historial-ingresos') {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  const fetchMock = mockApi({
    [`GET ${PATH}`]: { body: summary },
    'GET /api/v1/vendedores': { body: { mensaje: 'ok', vendedores: [], usuarios: [] } },
  });
  renderWithProviders(
    <>
      <IncomePage />
      <LocationSearch />
    </>,
    { route },
  );
  return { last: () => lastQueryTo(fetchMock, PATH) };
}

describe('IncomePage — search, sort and filters', () => {
  it('sends the search as q, a header click as orden and a filter by its word, all kept in the URL', async () => {
    const user = setupUser();
    const { last } = renderPage();
    const contracts = await screen.findByRole('table', { name: 'Contratos' });
    expect(await within(contracts).findByText('$ 1.500,50')).toBeInTheDocument();

    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar contratos por cliente, cédula o número' }),
      'ana{Enter}',
    );
    await waitFor(() => expect(last().q).toBe('ana'));
    expect(
      await screen.findByText('El resumen y los totales corresponden a los filtros, sin la búsqueda.'),
    ).toBeInTheDocument();

    await user.click(within(contracts).getByRole('button', { name: 'Total Pagado' }));
    await waitFor(() => expect(last().orden).toBe('total_pagado'));

    await user.selectOptions(screen.getByLabelText('Modalidad', { exact: true }), 'Financiado');
    await waitFor(() =>
      expect(last()).toEqual({
        q: 'ana',
        orden: 'total_pagado',
        modalidad: 'Financiado',
        page: '1',
        per_page: '10',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(screen.getByTestId('location').textContent ?? ''))).toEqual(
      {
        q: 'ana',
        orden: 'total_pagado',
        modalidad: 'Financiado',
      },
    );
    // The totals on screen are the server's, unchanged to the cent.
    expect(within(contracts).getByText('Suma total de Pagos').closest('tr')).toHaveTextContent('$ 120,50');
  });

  it('reads its filters back from the URL (a reload or a shared link)', async () => {
    const { last } = renderPage('/historial-ingresos?fecha_inicio=2026-01-01&orden=-monto_total&page=2');
    await waitFor(() =>
      expect(last()).toMatchObject({ fecha_inicio: '2026-01-01', orden: '-monto_total', page: '2' }),
    );
    expect(await screen.findByRole('columnheader', { name: 'Monto Total' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });
});
