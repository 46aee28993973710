import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { ExpiredRequestsPage } from './expired-requests-page';
import { makeRequestDto } from '../../../test/request-dto';

const expired = makeRequestDto({ id: 9, numero_contrato: null, estado: 'caducada' });
const answer = (data: unknown[]) => ({ body: { data, total_solicitudes: data.length, message: '' } });

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
}

describe('ExpiredRequestsPage', () => {
  it('shows the empty text when no request has expired', async () => {
    signIn();
    mockApi({ 'GET /api/v1/admin/solicitudes/caducadas': answer([]) });
    renderWithProviders(<ExpiredRequestsPage />);

    expect(await screen.findByText('No hay solicitudes caducadas disponibles.')).toBeInTheDocument();
  });

  it('opens a request to its details and deletes it after confirmation', async () => {
    const user = setupUser();
    signIn();
    let deleted = false;
    const fetchMock = mockApi({
      'GET /api/v1/admin/solicitudes/caducadas': () => answer(deleted ? [] : [expired]),
      'DELETE /api/v1/admin/solicitudes/caducadas/9': () => {
        deleted = true;
        return { body: { mensaje: 'Solicitud caducada eliminada con éxito.' } };
      },
    });
    renderWithProviders(<ExpiredRequestsPage />);

    const row = await screen.findByRole('row', { name: /CRE000009/ });
    expect(within(row).getByText('04141234567')).toBeInTheDocument();
    expect(within(row).getByText('06/05/2024')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/caducadas'))).toBe(
      '/api/v1/admin/solicitudes/caducadas?skip=0&limit=10',
    );

    await user.click(within(row).getByRole('button', { name: 'Expandir fila' }));
    expect(screen.getByText('Detalles de la Solicitud')).toBeInTheDocument();
    expect(screen.getByText('Monto por Cuota')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Eliminar CRE000009' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText('¿Estás seguro de que deseas eliminar esta solicitud caducada?'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Eliminar' }));

    expect(await screen.findByText('Solicitud caducada eliminada con éxito.')).toBeInTheDocument();
    expect(await screen.findByText('No hay solicitudes caducadas disponibles.')).toBeInTheDocument();
  });

  it('says why a deletion failed, or the screen text when the server gives no detail', async () => {
    const user = setupUser();
    signIn();
    mockApi({
      'GET /api/v1/admin/solicitudes/caducadas': answer([expired]),
      'DELETE /api/v1/admin/solicitudes/caducadas/9': { status: 500 },
    });
    renderWithProviders(<ExpiredRequestsPage />);

    await user.click(await screen.findByRole('button', { name: 'Eliminar CRE000009' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error al eliminar la solicitud caducada.')).toBeInTheDocument();
  });
});
