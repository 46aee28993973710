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
import { PaymentReportsPage } from './payment-reports-page';

// Issue 15 (decision 032): 'Reporte de pagos' searched, sorted and filtered on the server, the URL keeping it.

const path = '/api/reporte-pagos/solicitudes/7';

function setUp() {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
  const request = makeRequestDto({ id: 4, numero_solicitud: 'CRE000004' });
  return mockApi({ [`GET ${path}`]: { body: { items: [request], total: 1, page: 1, per_page: 10 } } });
}

describe('PaymentReportsPage list tools (issue 15)', { timeout: 30_000 }, () => {
  it('searches with q, sorts by a header and filters by service and day', async () => {
    const user = setupUser();
    const fetchMock = setUp();
    renderWithProviders(<PaymentReportsPage />);

    await screen.findByRole('row', { name: /CRE000004/ });
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por cliente, cédula, teléfono o número' }),
      'CRE0{Enter}',
    );
    await waitForQuery(fetchMock, path, { q: 'CRE0' });
    await user.click(screen.getByRole('button', { name: 'Cliente' }));
    await waitForQuery(fetchMock, path, { orden: 'cliente' });
    await user.click(screen.getByRole('button', { name: 'Cliente' }));
    await waitForQuery(fetchMock, path, { orden: '-cliente' });
    await user.click(screen.getByRole('combobox', { name: 'Servicio' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Parcelas' }));
    await waitForQuery(fetchMock, path, { servicio: 'parcelas' });
    await user.type(await screen.findByLabelText('Hasta'), '31/12/2026');
    await waitForQuery(fetchMock, path, { hasta: '2026-12-31' });
  });

  it('reads the payment state and the order from the URL', async () => {
    const fetchMock = setUp();
    renderWithProviders(<PaymentReportsPage />, { route: '/?estado_pago=pagados&orden=-monto' });

    await screen.findByRole('row', { name: /CRE000004/ });
    const [query] = queriesTo(fetchMock, path);
    expect(query?.get('estado_pago')).toBe('pagados');
    expect(query?.get('orden')).toBe('-monto');
    expect(screen.getByLabelText('Filtrar por Estado')).toHaveValue('pagados');
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });
});
