import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { SellerContractsDialog } from './seller-contracts-dialog';

describe('SellerContractsDialog', () => {
  it('asks the server for one page of the seller’s contracts and turns the page there (issue 12)', async () => {
    const user = setupUser();
    localStorage.setItem('access_token', fakeToken({ rol: 'supervisor' }));
    const fetchMock = mockApi({
      'GET /api/vendedor/contratos/42': {
        body: [makeRequestDto({ id: 5, numero_contrato: 'CON-000005', monto_total: 1500 })],
        headers: { 'X-Total-Count': '23' },
      },
    });
    renderWithProviders(<SellerContractsDialog seller={{ id: 42, usuario: 'valeria' }} onClose={vi.fn()} />);

    expect(await screen.findByRole('row', { name: /CON-000005/ })).toBeInTheDocument();
    expect(screen.getByText('1–10 de 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await screen.findByText('11–20 de 23');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/vendedor/contratos/42?page=1&per_page=10',
      '/api/vendedor/contratos/42?page=2&per_page=10',
    ]);
  });

  it('says so when the seller has none', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({ 'GET /api/vendedor/contratos/42': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderWithProviders(<SellerContractsDialog seller={{ id: 42, usuario: 'valeria' }} onClose={vi.fn()} />);

    expect(await screen.findByText('No hay contratos disponibles.')).toBeInTheDocument();
  });
});
