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
import { makeRequestDto } from '../../../test/request-dto';
import { ClientContractsPage, ClientRequestsPage } from './client-list-page';

// Issue 15 (decision 032): search, sortable headers, filters and Exportar CSV on the seller's client lists.

const client = {
  id: 3,
  vendedor_id: 7,
  nombre: 'Carlos Cliente',
  cedula: 'V-30111222',
  fecha_nacimiento: null,
  edad: null,
  telefono: null,
  celular: '04141234567',
  email: null,
  direccion: null,
  nombre_documento: null,
  tiene_documento: false,
  solicitudes: [makeRequestDto({ id: 4 })],
  contratos: [],
};

function setUp(path: string) {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
  return mockApi({ [`GET ${path}`]: { body: { items: [client], total: 1, page: 1, per_page: 10 } } });
}

describe('ClientListPage list tools (issue 15)', { timeout: 30_000 }, () => {
  const path = '/api/v1/clientes/lista/7';

  it('searches with q and sorts by a header, ascending then descending', async () => {
    const user = setupUser();
    const fetchMock = setUp(path);
    renderWithProviders(<ClientRequestsPage />);

    await screen.findByRole('row', { name: /Carlos Cliente/ });
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por cliente, cédula, teléfono o número' }),
      'carlos{Enter}',
    );
    await waitForQuery(fetchMock, path, { q: 'carlos' });
    await user.click(screen.getByRole('button', { name: 'Cédula' }));
    await waitForQuery(fetchMock, path, { orden: 'cedula' });
    expect(screen.getByRole('columnheader', { name: 'Cédula' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Cédula' }));
    await waitForQuery(fetchMock, path, { orden: '-cedula' });
  });

  it('filters by state, service and day, each word sent to the server', async () => {
    const user = setupUser();
    const fetchMock = setUp(path);
    renderWithProviders(<ClientRequestsPage />);

    await screen.findByRole('row', { name: /Carlos Cliente/ });
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'CONTRATO' }));
    await waitForQuery(fetchMock, path, { estado: 'contrato' });
    await user.click(screen.getByRole('combobox', { name: 'Servicio' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Cremación' }));
    await waitForQuery(fetchMock, path, { servicio: 'cremacion' });
    await user.type(await screen.findByLabelText('Desde'), '01/01/2026');
    await waitForQuery(fetchMock, path, { desde: '2026-01-01' });
  });

  it('keeps the words of the URL and offers Exportar CSV; Contratos has no state filter', async () => {
    const fetchMock = setUp('/api/v1/contratos/lista/7');
    renderWithProviders(<ClientContractsPage />, { route: '/?q=car&orden=-nombre' });

    await screen.findByRole('row', { name: /Carlos Cliente/ });
    const [query] = queriesTo(fetchMock, '/api/v1/contratos/lista/7');
    expect(query?.get('q')).toBe('car');
    expect(query?.get('orden')).toBe('-nombre');
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    expect(screen.queryByRole('combobox', { name: 'Estado' })).not.toBeInTheDocument();
  });
});
