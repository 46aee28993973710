import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser, waitForQuery } from '../../../test/render';
import { PaymentHistoryPage } from './payment-history-page';

// Issue 15 (decision 032): 'Historial de Pagos' searched, sorted and filtered on the server, the URL keeping it.

const path = '/api/v1/pagos/historial';

function setUp() {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
  return mockApi({ [`GET ${path}`]: { body: { items: [], total: 0, page: 1, per_page: 10 } } });
}

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
    await waitForQuery(fetchMock, path, { q: 'ref' });
    expect(await screen.findByText('No se encontraron resultados para «ref».')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fecha' }));
    await waitForQuery(fetchMock, path, { orden: 'fecha' });
    await user.click(screen.getByRole('combobox', { name: 'Verificación' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Verificado' }));
    await waitForQuery(fetchMock, path, { verificacion: 'verificado' });
    await user.type(await screen.findByLabelText('Desde'), '01/01/2026');
    await waitForQuery(fetchMock, path, { desde: '2026-01-01' });
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });
});
