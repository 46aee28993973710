import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { CashContractsPage, FinancedContractsPage } from './contract-history-page';
import { makeRequestDto } from '../../../test/request-dto';

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
}

const calledUrls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    // The seller filter also asks for the sellers.
    .filter((url) => url.startsWith('/api/v1/admin/contratos-de-contado'));

describe('ContractHistoryPage', () => {
  it('asks the server for a page of the cash contracts and shows the sum of all of them', async () => {
    signIn();
    const fetchMock = mockApi({
      'GET /api/v1/admin/contratos-de-contado': {
        body: [
          makeRequestDto({ id: 1, modalidadPago: 'De Contado', monto_total: 0.1 }),
          makeRequestDto({ id: 2, modalidadPago: 'De Contado', monto_total: 0.2 }),
        ],
        // The whole modality: 37 contracts whose totals add up to 12,345.67 (issue 12: summed on the server).
        headers: { 'X-Total-Count': '37', 'X-Sum-Monto-Total': '12345.67' },
      },
    });
    renderWithProviders(<CashContractsPage />);

    const first = await screen.findByRole('row', { name: /CON-000001/ });
    expect(screen.getByRole('row', { name: /CON-000002/ })).toBeInTheDocument();
    // Issue 14 §1: each contract's PDF and statement download from its row.
    expect(
      within(first).getByRole('button', { name: 'Descargar contrato CON-000001 (PDF)' }),
    ).toBeInTheDocument();
    const total = screen.getByRole('row', { name: /Total De Contado/ });
    expect(within(total).getByText('$ 12.345,67')).toBeInTheDocument();
    // The total stays under Monto Total, with an empty cell under Documentos.
    const cells = within(total).getAllByRole('cell');
    expect(cells.at(-2)).toHaveTextContent('$ 12.345,67');
    expect(cells.at(-1)).toHaveTextContent('');
    expect(screen.getByText('1–10 de 37')).toBeInTheDocument();
    expect(calledUrls(fetchMock)).toEqual([
      '/api/v1/admin/contratos-de-contado?modalidad=De+Contado&page=1&per_page=10',
    ]);
  });

  it('turns the page and changes its size on the server', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({
      'GET /api/v1/admin/contratos-de-contado': {
        body: [makeRequestDto({ id: 3, modalidadPago: 'Financiado', monto_total: 1200.55 })],
        headers: { 'X-Total-Count': '37', 'X-Sum-Monto-Total': '44420.35' },
      },
    });
    renderWithProviders(<FinancedContractsPage />);

    await screen.findByRole('row', { name: /CON-000003/ });
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await screen.findByText('11–20 de 37');
    await user.click(screen.getByRole('combobox', { name: /Filas por página/ }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    await screen.findByText('1–25 de 37');
    expect(calledUrls(fetchMock)).toEqual([
      '/api/v1/admin/contratos-de-contado?modalidad=Financiado&page=1&per_page=10',
      '/api/v1/admin/contratos-de-contado?modalidad=Financiado&page=2&per_page=10',
      '/api/v1/admin/contratos-de-contado?modalidad=Financiado&page=1&per_page=25',
    ]);
    expect(
      within(screen.getByRole('row', { name: /Total Financiado/ })).getByText('$ 44.420,35'),
    ).toBeVisible();
  });

  it('shows the empty text, and no total, when the modality has no contracts', async () => {
    signIn();
    mockApi({
      'GET /api/v1/admin/contratos-de-contado': {
        body: [],
        headers: { 'X-Total-Count': '0', 'X-Sum-Monto-Total': '0.00' },
      },
    });
    renderWithProviders(<FinancedContractsPage />);

    expect(await screen.findByText('No hay contratos disponibles.')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Total Financiado/ })).not.toBeInTheDocument();
  });
});
