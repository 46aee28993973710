import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { PaymentHistoryPage } from './payment-history-page';

// Issue 15 (decision 032): 'Historial de Pagos' searched, sorted and filtered on the server, the URL keeping it.

const path = '/api/v1/pagos/historial';

function setUp() {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
  return mockApi({ [`GET ${path}`]: { body: { items: [], total: 0, page: 1, per_page: 10 } } });
}

const queries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.split('?')[0] === path)
    .map((url) => new URL(url, 'http://localhost').searchParams);

const sent = (fetchMock: ReturnType<typeof mockApi>, name: string, value: string) =>
  waitFor(() => expect(queries(fetchMock).some((query) => query.get(name) === value)).toBe(true));

describe('PaymentHistoryPage list tools (issue 15)', { timeout: 30_000 }, () => {
  it('searches with q, sorts by a header and filters by verification and day', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<PaymentHistoryPage />);

    await screen.findByText('No hay pagos registrados.');
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por cliente, número o referencia' }),
      'ref{Enter}',
    );
    await sent(fetchMock, 'q', 'ref');
    expect(await screen.findByText('No se encontraron resultados para «ref».')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fecha' }));
    await sent(fetchMock, 'orden', 'fecha');
    await user.click(screen.getByRole('combobox', { name: 'Verificación' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Verificado' }));
    await sent(fetchMock, 'verificacion', 'verificado');
    await user.type(await screen.findByLabelText('Desde'), '01/01/2026');
    await sent(fetchMock, 'desde', '2026-01-01');
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });
});
