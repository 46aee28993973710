import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../test/render';
import { LoginPage } from './login-page';

const expiredRequestsProcessed = { body: { procesadas: 0 } };

describe('LoginPage', () => {
  it('offers to create the first administrator when verificar-admin says none exists', async () => {
    const fetchMock = mockApi({
      'POST /api/v1/solicitudes/procesar-solicitudes-caducadas': expiredRequestsProcessed,
      'GET /api/v1/verificar-admin': { body: { admin_creado: false } },
    });
    renderWithProviders(<LoginPage />);

    expect(await screen.findByRole('heading', { name: 'Crear Primer Administrador' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Crear Administrador' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Iniciar Sesión' })).not.toBeInTheDocument();
    // SPEC §2: loading the login page processes expired requests.
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/solicitudes/procesar-solicitudes-caducadas',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows the login when an administrator exists', async () => {
    mockApi({
      'POST /api/v1/solicitudes/procesar-solicitudes-caducadas': expiredRequestsProcessed,
      'GET /api/v1/verificar-admin': { body: { admin_creado: true } },
    });
    renderWithProviders(<LoginPage />);

    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Usuario/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Contraseña/)).toBeInTheDocument();
    expect(screen.queryByText('Crear Primer Administrador')).not.toBeInTheDocument();
  });

  it('assumes an administrator exists when the check fails', async () => {
    mockApi({
      'GET /api/v1/verificar-admin': { status: 500, body: { detail: 'Ocurrió un error interno.' } },
    });
    renderWithProviders(<LoginPage />);

    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const user = setupUser();
    const fetchMock = mockApi({ 'GET /api/v1/verificar-admin': { body: { admin_creado: true } } });
    renderWithProviders(<LoginPage />);

    await user.click(await screen.findByRole('button', { name: 'Iniciar Sesión' }));

    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1/login', expect.anything());
  });

  it('focuses the first wrong field on submit and, after it, checks each field again as it changes', async () => {
    const user = setupUser();
    const fetchMock = mockApi({ 'GET /api/v1/verificar-admin': { body: { admin_creado: true } } });
    renderWithProviders(<LoginPage />);

    await user.type(await screen.findByLabelText(/^Usuario/), '   ');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));

    expect(screen.getByLabelText(/^Usuario/)).toHaveFocus();
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Usuario/), 'ana');
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText(/^Contraseña/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1/login', expect.anything());
  });

  it('shows Error al iniciar sesión with the server detail when the login is refused', async () => {
    const user = setupUser();
    mockApi({
      'GET /api/v1/verificar-admin': { body: { admin_creado: true } },
      'POST /api/v1/login': { status: 401, body: { detail: 'Usuario o contraseña incorrectos.' } },
    });
    renderWithProviders(<LoginPage />);

    await user.type(await screen.findByLabelText(/^Usuario/), 'ana');
    await user.type(screen.getByLabelText(/^Contraseña/), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));

    // Issue 15: SPEC §8's text first, the server's reason after it.
    expect(
      await screen.findByText('Error al iniciar sesión: Usuario o contraseña incorrectos.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('sends the login form-encoded, keeps the token and role, and announces success', async () => {
    const user = setupUser();
    const token = fakeToken({ rol: 'vendedor' });
    const fetchMock = mockApi({
      'GET /api/v1/verificar-admin': { body: { admin_creado: true } },
      'POST /api/v1/login': { body: { access_token: token, token_type: 'bearer' } },
    });
    renderWithProviders(<LoginPage />);

    await user.type(await screen.findByLabelText(/^Usuario/), 'ana');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreta123');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));

    expect(await screen.findByText('Login exitoso!')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(localStorage.getItem('rol')).toBe('vendedor');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/v1/login')!;
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(String(init?.body)).toBe('username=ana&password=secreta123');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeDisabled());
  });
});
