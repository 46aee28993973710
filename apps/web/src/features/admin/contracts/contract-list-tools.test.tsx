import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser, wasAsked } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { ActiveContractsPage } from './active-contracts-page';
import { CashContractsPage } from './contract-history-page';
import { ExpiredRequestsPage } from './expired-requests-page';
import { RequestsToConvertPage } from './requests-to-convert-page';

// Issue 15 (decision 032): the contract lists send q, orden and their filters to the server and keep them in the URL.

const contract = makeRequestDto({ id: 1 });
const request = makeRequestDto({ id: 4, numero_contrato: null, estado: 'solicitud' });
const sellers = {
  mensaje: 'ok',
  usuarios: [],
  vendedores: [
    {
      id: 12,
      nombre: 'Valeria Vendedora',
      cedula: null,
      direccion: null,
      telefono: null,
      email: 'valeria@camposanto.test',
      supervisor_id: null,
      supervisor_nombre: null,
      is_active: true,
    },
  ],
};

function setUp(path: string, body: unknown, headers: Record<string, string> = {}) {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  const fetchMock = mockApi({
    [`GET ${path}`]: { body, headers },
    'GET /api/v1/vendedores': { body: sellers },
  });
  /** Whether some call to the list carried every word of `words`. */
  return (words: Record<string, string>) => wasAsked(fetchMock, path, words);
}

// The first render of MUI in a worker is slow on a busy machine.
describe('contract lists: search, sort and filters on the server (issue 15)', { timeout: 60_000 }, () => {
  it('Contratos Activos: search sends q, a header sends orden both ways, a service sends tipo_servicio', async () => {
    const user = setupUser();
    const asked = setUp('/api/v1/admin/contratos/activos', [contract], { 'X-Total-Count': '1' });
    renderWithProviders(<ActiveContractsPage />);

    await screen.findByRole('row', { name: /CON-000001/ });
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por cliente, cédula o número' }),
      'carlos{Enter}',
    );
    await waitFor(() => expect(asked({ q: 'carlos', skip: '0', limit: '10' })).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Cliente' }));
    await waitFor(() => expect(asked({ q: 'carlos', orden: 'cliente' })).toBe(true));
    expect(screen.getByRole('columnheader', { name: 'Cliente' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Cliente' }));
    await waitFor(() => expect(asked({ orden: '-cliente' })).toBe(true));

    await user.click(screen.getByRole('combobox', { name: 'Tipo de Servicio' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Cremación' }));
    await waitFor(() =>
      expect(asked({ q: 'carlos', orden: '-cliente', tipo_servicio: 'cremacion' })).toBe(true),
    );
  });

  it('Gestionar Solicitudes: keeps its state word, filters by seller and opens on the URL it was given', async () => {
    const user = setupUser();
    const asked = setUp('/api/v1/admin/solicitudes', { items: [request], total: 1, page: 1, per_page: 10 });
    renderWithProviders(<RequestsToConvertPage />, { route: '/?q=V-301&orden=-monto_total&estado=todos' });

    await screen.findByRole('row', { name: /CRE000004/ });
    expect(asked({ estado: 'todos', q: 'V-301', orden: '-monto_total', page: '1' })).toBe(true);
    expect(screen.getByRole('searchbox', { name: 'Buscar por cliente, cédula o número' })).toHaveValue(
      'V-301',
    );
    expect(screen.getByRole('columnheader', { name: 'Monto Total' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByLabelText('Filtrar por Estado')).toHaveValue('todos');

    await user.click(screen.getByRole('combobox', { name: 'Vendedor' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Valeria Vendedora' }),
    );
    await waitFor(() => expect(asked({ estado: 'todos', q: 'V-301', vendedor: '12' })).toBe(true));
  });

  it('Solicitudes Caducadas: the creation dates send desde and hasta; an inverted range is said, not sent', async () => {
    const asked = setUp('/api/v1/admin/solicitudes/caducadas', {
      data: [makeRequestDto({ id: 9, numero_contrato: null, estado: 'caducada' })],
      total_solicitudes: 1,
      message: 'ok',
    });
    renderWithProviders(<ExpiredRequestsPage />);

    await screen.findByRole('row', { name: /CRE000009/ });
    fireEvent.change(await screen.findByLabelText('Desde'), { target: { value: '01/02/2026' } });
    await waitFor(() => expect(asked({ desde: '2026-02-01' })).toBe(true));
    fireEvent.change(await screen.findByLabelText('Hasta'), { target: { value: '01/01/2026' } });
    expect(
      await screen.findByText('La fecha inicial no puede ser posterior a la fecha final.'),
    ).toBeInTheDocument();
    expect(asked({ hasta: '2026-01-01' })).toBe(false);
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '28/02/2026' } });
    await waitFor(() => expect(asked({ desde: '2026-02-01', hasta: '2026-02-28', skip: '0' })).toBe(true));
  });

  it('Pagos de Contado: a header sends orden with the modality, the search sends q', async () => {
    const user = setupUser();
    const asked = setUp(
      '/api/v1/admin/contratos-de-contado',
      [makeRequestDto({ id: 2, modalidadPago: 'De Contado' })],
      { 'X-Total-Count': '1', 'X-Sum-Monto-Total': '1180.00' },
    );
    renderWithProviders(<CashContractsPage />);

    await screen.findByRole('row', { name: /CON-000002/ });
    await user.click(screen.getByRole('button', { name: 'Monto Total' }));
    await waitFor(() =>
      expect(asked({ modalidad: 'De Contado', orden: 'monto_total', page: '1' })).toBe(true),
    );
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por cliente, cédula o número' }),
      'CON-2{Enter}',
    );
    await waitFor(() =>
      expect(asked({ modalidad: 'De Contado', orden: 'monto_total', q: 'CON-2' })).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });
});
