import type { AuditRecord } from '@camposanto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { AuditPage } from './audit-page';

const record = (id: number, overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  id,
  username: 'María Pérez',
  rol: 'administrador',
  accion: 'crear_usuario',
  descripcion: `Movimiento ${id}`,
  fecha: '2024-03-10T14:05:00.000Z',
  ...overrides,
});

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
}

const urls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([url]) => String(url));

describe('AuditPage', () => {
  it('pages on the server, 10 rows by default, with the sizes 10, 25, 50 and 100', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({
      'GET /api/v1/admin/auditoria': {
        body: [record(1), record(2, { rol: 'vendedor' })],
        headers: { 'X-Total-Count': '123' },
      },
    });
    renderWithProviders(<AuditPage />);

    const row = await screen.findByRole('row', { name: /Movimiento 1/ });
    expect(within(row).getByText('Administrador')).toBeInTheDocument();
    expect(screen.getByText('1–10 de 123')).toBeInTheDocument();
    expect(screen.getByText('Filas por página:')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await screen.findByText('11–20 de 123');
    await user.click(screen.getByRole('combobox', { name: /Filas por página/ }));
    const sizes = await screen.findAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(['10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await screen.findByText('1–50 de 123');

    expect(urls(fetchMock)).toEqual([
      '/api/v1/admin/auditoria?page=1&per_page=10',
      '/api/v1/admin/auditoria?page=2&per_page=10',
      '/api/v1/admin/auditoria?page=1&per_page=50',
    ]);
  });

  it('names each action in Spanish, and an unknown code readably (issue 15)', async () => {
    signIn();
    mockApi({
      'GET /api/v1/admin/auditoria': {
        body: [
          record(1),
          record(2, { accion: 'convertir_contrato' }),
          record(3, { accion: 'archivar_lote' }),
        ],
        headers: { 'X-Total-Count': '3' },
      },
    });
    renderWithProviders(<AuditPage />);

    expect(within(await screen.findByRole('row', { name: /Movimiento 1/ })).getByText('Crear usuario'));
    expect(within(screen.getByRole('row', { name: /Movimiento 2/ })).getByText('Convertir a contrato'));
    expect(within(screen.getByRole('row', { name: /Movimiento 3/ })).getByText('Archivar lote'));
    expect(screen.queryByText('crear_usuario')).not.toBeInTheDocument();
  });

  it('sends the filters with the page, and a new filter starts again from the first page', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({
      'GET /api/v1/admin/auditoria': { body: [record(1)], headers: { 'X-Total-Count': '30' } },
    });
    renderWithProviders(<AuditPage />);

    await screen.findByRole('row', { name: /Movimiento 1/ });
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await screen.findByText('11–20 de 30');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rol' }), 'vendedor');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));

    await screen.findByText('1–10 de 30');
    await waitFor(() =>
      expect(urls(fetchMock).at(-1)).toBe('/api/v1/admin/auditoria?rol=vendedor&page=1&per_page=10'),
    );
  });

  it('reloads the first page when the same filters are applied again', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({
      'GET /api/v1/admin/auditoria': { body: [record(1)], headers: { 'X-Total-Count': '1' } },
    });
    renderWithProviders(<AuditPage />);

    await screen.findByRole('row', { name: /Movimiento 1/ });
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(urls(fetchMock)).toEqual([
      '/api/v1/admin/auditoria?page=1&per_page=10',
      '/api/v1/admin/auditoria?page=1&per_page=10',
    ]);
  });

  it('shows the empty text of the filters', async () => {
    signIn();
    mockApi({ 'GET /api/v1/admin/auditoria': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderWithProviders(<AuditPage />);

    expect(await screen.findByText('No hay registros para los filtros seleccionados.')).toBeInTheDocument();
  });
});
