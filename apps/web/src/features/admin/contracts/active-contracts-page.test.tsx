import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { ActiveContractsPage } from './active-contracts-page';
import { makeRequestDto } from '../../../test/request-dto';

/** The list's own calls (the seller filter also asks for the sellers). */
const listUrls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/v1/admin/contratos/activos'));

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
}

describe('ActiveContractsPage', () => {
  it('shows the empty text when there are no contracts', async () => {
    signIn();
    mockApi({ 'GET /api/v1/admin/contratos/activos': { body: [] } });
    renderWithProviders(<ActiveContractsPage />);

    expect(await screen.findByText('No hay contratos disponibles.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contratos Activos' })).toBeInTheDocument();
  });

  it('lists contracts with a green CONTRATO badge and opens a row to its details', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({ 'GET /api/v1/admin/contratos/activos': { body: [makeRequestDto()] } });
    renderWithProviders(<ActiveContractsPage />);

    const row = await screen.findByRole('row', { name: /CON-000001/ });
    expect(within(row).getByText('Valeria Vendedora')).toBeInTheDocument();
    expect(within(row).getByText('Carlos Cliente')).toBeInTheDocument();
    expect(within(row).getByText('Cremación')).toBeInTheDocument();
    expect(within(row).getByText('CONTRATO')).toBeInTheDocument();
    // Issue 14: the contract and its statement of account download from the row.
    expect(
      within(row).getByRole('button', { name: 'Descargar contrato CON-000001 (PDF)' }),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Descargar estado de cuenta de CON-000001 (PDF)' }),
    ).toBeInTheDocument();
    // The first page asks for skip 0 and the default 10 rows (SPEC §9).
    expect(listUrls(fetchMock)[0]).toBe('/api/v1/admin/contratos/activos?skip=0&limit=10');
    expect(screen.getByText('1–1 de 1')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Expandir fila' }));
    const details = within(screen.getByRole('table', { name: 'Detalles del contrato CON-000001' }));
    expect(screen.getByText('Detalles del Contrato')).toBeInTheDocument();
    const line = details.getByRole('row', { name: /CRE-01/ });
    expect(within(line).getByText('$ 100,00')).toBeInTheDocument();
    expect(within(line).getByText('$ 540,00')).toBeInTheDocument();
    expect(within(line).getByText('$ 1.180,00')).toBeInTheDocument();
  });

  it('without X-Total-Count, estimates one more row after a full page, and asks for the next page with skip', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({
      'GET /api/v1/admin/contratos/activos': () => {
        const calls = listUrls(fetchMock).length;
        const ids = calls === 1 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [11, 12];
        return { body: ids.map((id) => makeRequestDto({ id })) };
      },
    });
    renderWithProviders(<ActiveContractsPage />);

    expect(await screen.findByText('1–10 de 11')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(await screen.findByText('11–12 de 12')).toBeInTheDocument();
    expect(listUrls(fetchMock)[1]).toBe('/api/v1/admin/contratos/activos?skip=10&limit=10');
    expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).toBeDisabled();
  });

  it('pages by the real total of X-Total-Count: no dead next page after a full last page (issue 15)', async () => {
    signIn();
    mockApi({
      'GET /api/v1/admin/contratos/activos': {
        body: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => makeRequestDto({ id })),
        headers: { 'X-Total-Count': '10' },
      },
    });
    renderWithProviders(<ActiveContractsPage />);

    expect(await screen.findByText('1–10 de 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).toBeDisabled();
  });

  it('shows the server detail when the contracts cannot be loaded', async () => {
    signIn();
    mockApi({
      'GET /api/v1/admin/contratos/activos': { status: 500, body: { detail: 'Base no disponible' } },
    });
    renderWithProviders(<ActiveContractsPage />);

    expect(await screen.findAllByText('Base no disponible')).not.toHaveLength(0);
  });
});
