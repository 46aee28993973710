import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { RequestsToConvertPage } from './requests-to-convert-page';
import { makeRequestDto } from '../../../test/request-dto';

const request = makeRequestDto({ id: 4, numero_contrato: null, estado: 'solicitud' });

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
}

const page = (items: unknown[]) => ({ body: { items, total: items.length, page: 1, per_page: 10 } });

describe('RequestsToConvertPage', () => {
  it('shows the empty text when there are no requests', async () => {
    signIn();
    mockApi({ 'GET /api/v1/admin/solicitudes': page([]) });
    renderWithProviders(<RequestsToConvertPage />);

    expect(await screen.findByText('No hay solicitudes disponibles.')).toBeInTheDocument();
  });

  it('converts a request with its switch, says so and reloads the list', async () => {
    const user = setupUser();
    signIn();
    let converted = false;
    const fetchMock = mockApi({
      'GET /api/v1/admin/solicitudes': () =>
        page([converted ? { ...request, estado: 'contrato', numero_contrato: 'CON-000001' } : request]),
      'POST /api/v1/admin/convertir-contrato': () => {
        converted = true;
        return { body: { mensaje: 'ok', numero_contrato: 'CON-000001' } };
      },
    });
    renderWithProviders(<RequestsToConvertPage />);

    const row = await screen.findByRole('row', { name: /CRE000004/ });
    expect(within(row).getByText('SOLICITUD')).toBeInTheDocument();
    expect(within(row).getByText('03/05/2024')).toBeInTheDocument();
    expect(within(row).getByText('$ 1.180,00')).toBeInTheDocument();
    // Issue 15: the unconverted requests first, filtered by the server.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/solicitudes'))).toBe(
      '/api/v1/admin/solicitudes?page=1&per_page=10&estado=solicitud',
    );

    await user.click(within(row).getByRole('switch', { name: 'Convertir CRE000004 a contrato' }));
    // Issue 15: nothing is converted before the confirmation.
    const confirm = within(await screen.findByRole('dialog', { name: 'Convertir a contrato' }));
    expect(confirm.getByText('¿Convertir la solicitud CRE000004 en contrato?')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, options]) => options?.method === 'POST')).toBe(false);
    await user.click(confirm.getByRole('button', { name: 'Convertir' }));

    expect(
      await screen.findByText('Solicitud CRE000004 convertida a contrato exitosamente'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(row).findByText('CONTRATO')).toBeInTheDocument();
    expect(within(row).getByRole('switch')).toBeChecked();
    expect(within(row).getByRole('switch')).toBeDisabled();
    const [, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({ SolicitudId: 4 });
  });

  it('says why a conversion failed', async () => {
    const user = setupUser();
    signIn();
    mockApi({
      'GET /api/v1/admin/solicitudes': page([request]),
      'POST /api/v1/admin/convertir-contrato': {
        status: 409,
        body: { detail: 'La solicitud ya fue convertida a contrato.' },
      },
    });
    renderWithProviders(<RequestsToConvertPage />);

    await user.click(await screen.findByRole('switch', { name: 'Convertir CRE000004 a contrato' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Convertir a contrato' })).getByRole('button', {
        name: 'Convertir',
      }),
    );
    expect(
      await screen.findByText('Error al convertir la solicitud: La solicitud ya fue convertida a contrato.'),
    ).toBeInTheDocument();
  });

  it('cancels a conversion without calling the server (issue 15)', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({ 'GET /api/v1/admin/solicitudes': page([request]) });
    renderWithProviders(<RequestsToConvertPage />);

    const toggle = await screen.findByRole('switch', { name: 'Convertir CRE000004 a contrato' });
    await user.click(toggle);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Convertir a contrato' })).getByRole('button', {
        name: 'Cancelar',
      }),
    );

    expect(toggle).not.toBeChecked();
    expect(fetchMock.mock.calls.some(([, options]) => options?.method === 'POST')).toBe(false);
  });

  it('filters by state on the server: pending by default, converted or all on demand (issue 15)', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({ 'GET /api/v1/admin/solicitudes': page([request]) });
    renderWithProviders(<RequestsToConvertPage />);

    const filter = await screen.findByLabelText('Filtrar por Estado');
    expect(filter).toHaveValue('solicitud');
    await user.selectOptions(filter, 'Convertidas');
    await user.selectOptions(filter, 'Todas');

    await screen.findByRole('row', { name: /CRE000004/ });
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/v1/admin/solicitudes?page=1&per_page=10&estado=contrato');
    expect(urls).toContain('/api/v1/admin/solicitudes?page=1&per_page=10&estado=todos');
  });
});
