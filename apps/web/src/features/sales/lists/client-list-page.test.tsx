import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { ClientContractsPage, ClientRequestsPage } from './client-list-page';

const request = makeRequestDto({ id: 4, numero_contrato: null, fecha_conversion: null, estado: 'solicitud' });
const client = {
  id: 3,
  vendedor_id: 7,
  nombre: 'Carlos Cliente',
  cedula: 'V-30111222',
  fecha_nacimiento: '1980-05-17',
  edad: 44,
  telefono: '2123456789',
  celular: '04141234567',
  email: 'carlos@correo.com',
  direccion: 'Calle 5, Caracas',
  nombre_documento: null,
  tiene_documento: false,
  solicitudes: [request],
  contratos: [],
};

const page = (items: unknown[]) => ({ body: { items, total: items.length, page: 1, per_page: 10 } });

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
}

describe('ClientListPage', () => {
  it('tells a seller without clients so, asking for the seller of the token', async () => {
    signIn();
    const fetchMock = mockApi({ 'GET /api/v1/clientes/lista/7': page([]) });
    renderWithProviders(<ClientRequestsPage />);

    expect(await screen.findByText('Usted no posee clientes registrados.')).toBeInTheDocument();
    expect(screen.getByText('Filas por página:')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/clientes/lista/7?page=1&per_page=10');
  });

  it('opens a client to its requests and a request to its details', async () => {
    const user = setupUser();
    signIn();
    mockApi({ 'GET /api/v1/clientes/lista/7': page([client]) });
    renderWithProviders(<ClientRequestsPage />);

    const clientRow = await screen.findByRole('row', { name: /Carlos Cliente/ });
    // The phone column shows the mobile number.
    expect(within(clientRow).getByText('04141234567')).toBeInTheDocument();
    await user.click(within(clientRow).getByRole('button', { name: 'Expandir fila' }));

    const requests = within(screen.getByRole('table', { name: 'Solicitudes de Carlos Cliente' }));
    const requestRow = requests.getByRole('row', { name: /CRE000004/ });
    expect(within(requestRow).getByText('SOLICITUD')).toBeInTheDocument();
    expect(within(requestRow).getByText('PENDIENTE')).toBeInTheDocument();
    expect(within(requestRow).getByText('03/05/2024')).toBeInTheDocument();
    // A request not yet converted has no contract to download (issue 14).
    expect(within(requestRow).queryByRole('button', { name: /Descargar/ })).toBeNull();

    await user.click(within(requestRow).getByRole('button', { name: 'Expandir fila' }));
    const details = within(screen.getByRole('table', { name: 'Detalles de CRE000004' }));
    expect(details.getByText('Precio total con Descuento')).toBeInTheDocument();
    expect(details.getByText('$ 1.180,00')).toBeInTheDocument();
  });

  it("offers a contract's PDF and statement of account in the contracts view (issue 14)", async () => {
    const user = setupUser();
    signIn();
    const contract = makeRequestDto();
    mockApi({
      'GET /api/v1/contratos/lista/7': page([{ ...client, solicitudes: [], contratos: [contract] }]),
    });
    renderWithProviders(<ClientContractsPage />);

    await user.click(
      within(await screen.findByRole('row', { name: /Carlos Cliente/ })).getByRole('button', {
        name: 'Expandir fila',
      }),
    );
    const contracts = within(screen.getByRole('table', { name: 'Contratos de Carlos Cliente' }));
    const row = contracts.getByRole('row', { name: /CON-000001/ });
    expect(
      within(row).getByRole('button', { name: 'Descargar contrato CON-000001 (PDF)' }),
    ).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Descargar estado de cuenta de CON-000001 (PDF)' }),
    ).toBeInTheDocument();
  });

  it('says a client has no contracts in the contracts view', async () => {
    const user = setupUser();
    signIn();
    mockApi({ 'GET /api/v1/contratos/lista/7': page([client]) });
    renderWithProviders(<ClientContractsPage />);

    await user.click(await screen.findByRole('button', { name: 'Expandir fila' }));
    expect(screen.getByText('Este cliente no posee contratos asociados.')).toBeInTheDocument();
  });
});
