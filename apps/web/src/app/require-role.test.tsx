import { ADMIN_ROLES } from '@camposanto/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeToken, renderWithProviders } from '../test/render';
import { RequireRole } from './require-role';

function renderAdminAddress(rol?: string) {
  if (rol) localStorage.setItem('access_token', fakeToken({ rol }));
  renderWithProviders(
    <Routes>
      <Route path="/" element={<p>Formulario de acceso</p>} />
      <Route path="/ventas" element={<p>Área de ventas</p>} />
      <Route
        path="/administracion/*"
        element={
          <RequireRole roles={ADMIN_ROLES}>
            <p>Área de administración</p>
          </RequireRole>
        }
      />
    </Routes>,
    { route: '/administracion/usuarios' },
  );
}

describe('RequireRole', () => {
  it('takes a signed-in seller who opens an /administracion address to /ventas, with a notice (issue 15)', async () => {
    renderAdminAddress('vendedor');

    expect(await screen.findByText('Área de ventas')).toBeInTheDocument();
    expect(await screen.findByText('No tiene acceso a esa página; se abrió su área.')).toBeInTheDocument();
    expect(screen.queryByText('Formulario de acceso')).not.toBeInTheDocument();
  });

  it('takes a signed-out visitor to the login form', async () => {
    renderAdminAddress();

    expect(await screen.findByText('Formulario de acceso')).toBeInTheDocument();
  });

  it('shows the area to a role it admits', async () => {
    renderAdminAddress('asistente');

    expect(await screen.findByText('Área de administración')).toBeInTheDocument();
  });
});
