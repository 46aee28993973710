import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders } from '../../../test/render';
import { CashContractsPage, FinancedContractsPage } from './contract-history-page';
import { contractDto } from './test-contracts';

const contracts = [
  contractDto({ id: 1, modalidadPago: 'De Contado', monto_total: 0.1 }),
  contractDto({ id: 2, modalidadPago: 'De Contado', monto_total: 0.2 }),
  contractDto({ id: 3, modalidadPago: 'Financiado', monto_total: 1200.55 }),
];

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
}

describe('ContractHistoryPage', () => {
  it('keeps the cash contracts and adds their amounts exactly', async () => {
    signIn();
    mockApi({ 'GET /api/v1/admin/contratos-de-contado': { body: contracts } });
    renderWithProviders(<CashContractsPage />);

    expect(await screen.findByRole('row', { name: /CON-000001/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /CON-000002/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /CON-000003/ })).not.toBeInTheDocument();
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is 30.
    const total = screen.getByRole('row', { name: /Total De Contado/ });
    expect(within(total).getByText('$ 0,30')).toBeInTheDocument();
  });

  it('keeps the financed contracts, and shows the empty text when there are none', async () => {
    signIn();
    mockApi({ 'GET /api/v1/admin/contratos-de-contado': { body: contracts.slice(0, 2) } });
    renderWithProviders(<FinancedContractsPage />);

    expect(await screen.findByText('No hay contratos disponibles.')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Total Financiado/ })).not.toBeInTheDocument();
  });
});
