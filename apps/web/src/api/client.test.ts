import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, mockApi } from '../test/render';
import { ApiError, apiRequest, setUnauthorizedHandler, withDetail } from './client';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the bearer token and leaves empty query values out', async () => {
    localStorage.setItem('access_token', 'abc');
    const fetchMock = mockApi({ 'GET /api/v1/admin/auditoria': { body: [] } });

    await apiRequest('/api/v1/admin/auditoria', { query: { rol: 'vendedor', desde: '', hasta: undefined } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/admin/auditoria?rol=vendedor');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('turns an error answer into an Error carrying the Spanish detail, lists joined by "; "', async () => {
    mockApi({
      'POST /api/v1/usuarios/': {
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'email'], msg: 'Email no válido', type: 'x' },
            { loc: [], msg: 'Otro', type: 'y' },
          ],
        },
      },
    });

    const error = await apiRequest('/api/v1/usuarios/', { method: 'POST', json: {} }).catch(
      (caught) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe('Email no válido; Otro');
    expect(withDetail('Error al guardar el usuario', error)).toBe(
      'Error al guardar el usuario: Email no válido; Otro',
    );
  });

  it('does not repeat a server detail that is the screen text itself', () => {
    const error = new ApiError(503, 'Error al enviar correo.', { detail: 'Error al enviar correo.' });
    expect(withDetail('Error al enviar correo.', error)).toBe('Error al enviar correo.');
  });

  it('ends the session and reports it when a call with a token gets 401', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    localStorage.setItem('rol', 'administrador');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi({ 'GET /api/v1/usuarios': { status: 401, body: { detail: 'Token inválido o expirado.' } } });

    await expect(apiRequest('/api/v1/usuarios')).rejects.toThrow('Token inválido o expirado.');

    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('rol')).toBeNull();
  });

  it('leaves the session alone when a public call gets 401 (a refused login)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi({ 'POST /api/v1/login': { status: 401, body: { detail: 'Usuario o contraseña incorrectos.' } } });

    await expect(
      apiRequest('/api/v1/login', { method: 'POST', form: { username: 'a', password: 'b' }, auth: false }),
    ).rejects.toThrow('Usuario o contraseña incorrectos.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
