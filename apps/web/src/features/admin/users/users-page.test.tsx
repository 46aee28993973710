import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { UsersPage } from './users-page';

const ana = {
  id: 1,
  username: 'Ana Administradora',
  email: 'ana@camposanto.test',
  rol: 'administrador',
  cedula: null,
  direccion: null,
  telefono: null,
  is_active: true,
  vendedor_id: null,
  created_at: '2024-05-01T10:00:00Z',
};

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
}

describe('UsersPage', () => {
  it('lists users with their role label and the Nuevo Usuario button', async () => {
    signIn();
    mockApi({ 'GET /api/v1/usuarios': { body: [ana] } });
    renderWithProviders(<UsersPage />);

    const row = await screen.findByRole('row', { name: /Ana Administradora/ });
    expect(within(row).getByText('Administrador')).toBeInTheDocument();
    expect(within(row).getByLabelText('Activo')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Nuevo Usuario' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/administracion');
  });

  it('shows the empty text when there are no users', async () => {
    signIn();
    mockApi({ 'GET /api/v1/usuarios': { body: [] } });
    renderWithProviders(<UsersPage />);

    expect(await screen.findByText('No hay usuarios registrados.')).toBeInTheDocument();
  });

  it('asks a seller for cédula, dirección and teléfono, and sends them as null for other roles', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({
      'GET /api/v1/usuarios': { body: [ana] },
      'POST /api/v1/usuarios/': { body: { ...ana, id: 2, rol: 'asistente' } },
    });
    renderWithProviders(<UsersPage />);

    await user.click(await screen.findByRole('button', { name: 'Nuevo Usuario' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Agregar Usuario' }));
    expect(dialog.getByLabelText(/^Nombre y Apellido/)).toHaveFocus();

    await user.selectOptions(dialog.getByLabelText(/^Rol/), 'vendedor');
    expect(dialog.getByLabelText(/^Cédula/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(
      await dialog.findAllByText(
        'Cédula, dirección y teléfono son obligatorios para vendedores y supervisores.',
      ),
    ).toHaveLength(3);

    await user.selectOptions(dialog.getByLabelText(/^Rol/), 'asistente');
    expect(dialog.queryByLabelText(/^Cédula/)).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Nombre y Apellido/), 'Alicia Asistente');
    await user.type(dialog.getByLabelText(/^Email/), 'Alicia@Camposanto.test');
    await user.type(dialog.getByLabelText(/^Contraseña/), 'Secreta123');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Usuario agregado exitosamente')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(
      ([url, options]) => url === '/api/v1/usuarios/' && options?.method === 'POST',
    )!;
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'Alicia Asistente',
      email: 'alicia@camposanto.test',
      rol: 'asistente',
      password: 'Secreta123',
      cedula: null,
      direccion: null,
      telefono: null,
    });
  });

  it('says an empty Rol is required (issue 15)', async () => {
    const user = setupUser();
    signIn();
    mockApi({ 'GET /api/v1/usuarios': { body: [ana] } });
    renderWithProviders(<UsersPage />);

    await user.click(await screen.findByRole('button', { name: 'Nuevo Usuario' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Agregar Usuario' }));
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));

    const rol = dialog.getByLabelText(/^Rol/);
    expect(rol).toHaveAccessibleDescription('Este campo es obligatorio.');
    expect(dialog.queryByText('Rol no válido.')).not.toBeInTheDocument();
  });

  it('refuses an 11-digit teléfono with a message, never cutting it (issue 15)', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({ 'GET /api/v1/usuarios': { body: [ana] } });
    renderWithProviders(<UsersPage />);

    await user.click(await screen.findByRole('button', { name: 'Nuevo Usuario' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Agregar Usuario' }));
    await user.selectOptions(dialog.getByLabelText(/^Rol/), 'vendedor');
    await user.type(dialog.getByLabelText(/^Teléfono/), '04141234567');
    expect(dialog.getByLabelText(/^Teléfono/)).toHaveValue('04141234567');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));

    expect(dialog.getByLabelText(/^Teléfono/)).toHaveAccessibleDescription(
      'El teléfono debe tener como máximo 10 dígitos.',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the server detail when a user cannot be deleted', async () => {
    const user = setupUser();
    signIn();
    mockApi({
      'GET /api/v1/usuarios': { body: [ana] },
      'DELETE /api/v1/usuarios/1': {
        status: 409,
        body: {
          detail:
            'El usuario tiene clientes o ventas registradas y no puede eliminarse. Desactívelo en su lugar.',
        },
      },
    });
    renderWithProviders(<UsersPage />);

    const row = await screen.findByRole('row', { name: /Ana Administradora/ });
    await user.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('¿Estás seguro de que deseas eliminar este usuario?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Eliminar' }));

    expect(
      await screen.findByText(
        'Error al eliminar el usuario: El usuario tiene clientes o ventas registradas y no puede eliminarse. Desactívelo en su lugar.',
      ),
    ).toBeInTheDocument();
  });
});
