import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fakeToken,
  lastQueryTo,
  LocationSearch,
  mockApi,
  renderWithProviders,
  setupUser,
} from '../../../test/render';
import { PaymentVerificationPage } from './payment-verification-page';

// Issue 15 (decision 032): the verification queue's search, sort and filters go to the server and stay in the URL.

const sellers = {
  mensaje: 'ok',
  vendedores: [
    {
      id: 9,
      nombre: 'Luis Vendedor',
      cedula: null,
      direccion: null,
      telefono: null,
      email: 'l@x.test',
      supervisor_id: null,
      supervisor_nombre: null,
      is_active: true,
    },
  ],
  usuarios: [],
};

function renderPage(route = '/verificacion-pagos') {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  const fetchMock = mockApi({
    'GET /api/v1/admin/verificacion-pagos': { body: { items: [], total: 0 } },
    'GET /api/v1/vendedores': { body: sellers },
  });
  renderWithProviders(
    <>
      <PaymentVerificationPage />
      <LocationSearch />
    </>,
    { route },
  );
  return { last: () => lastQueryTo(fetchMock, '/api/v1/admin/verificacion-pagos') };
}

describe('PaymentVerificationPage — search, sort and filters', () => {
  it('sends the search as q, a header click as orden and the filters by their words', async () => {
    const user = setupUser();
    const { last } = renderPage();
    await screen.findByText('No hay pagos por verificar.');

    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por cliente, cédula, número o referencia' }),
      '000123{Enter}',
    );
    await waitFor(() => expect(last().q).toBe('000123'));
    expect(await screen.findByText('No se encontraron resultados para «000123».')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Monto' }));
    await waitFor(() => expect(last().orden).toBe('monto_pagado'));

    await user.click(screen.getByRole('combobox', { name: 'Moneda' }));
    await user.click(await screen.findByRole('option', { name: 'Bolívares (VES)' }));
    await waitFor(() => expect(last().moneda).toBe('ves'));

    await user.click(screen.getByRole('combobox', { name: 'Vendedor' }));
    await user.click(await screen.findByRole('option', { name: 'Luis Vendedor' }));
    await waitFor(() => expect(last().vendedor_id).toBe('9'));

    await user.click(screen.getByRole('tab', { name: 'Todos' }));
    await waitFor(() =>
      expect(last()).toEqual({
        q: '000123',
        orden: 'monto_pagado',
        moneda: 'ves',
        vendedor_id: '9',
        estado: 'todos',
        page: '1',
        per_page: '10',
      }),
    );
    const location = Object.fromEntries(
      new URLSearchParams(screen.getByTestId('location').textContent ?? ''),
    );
    expect(location).toEqual({
      q: '000123',
      orden: 'monto_pagado',
      moneda: 'ves',
      vendedor_id: '9',
      estado: 'todos',
    });
  });

  it('reads its words back from the URL (a reload or a shared link) and sends the dates', async () => {
    const { last } = renderPage('/verificacion-pagos?desde=2026-11-01&hasta=2026-11-30&orden=-fecha_pago');
    await waitFor(() =>
      expect(last()).toMatchObject({ desde: '2026-11-01', hasta: '2026-11-30', orden: '-fecha_pago' }),
    );
    expect(await screen.findByLabelText('Pagado desde')).toHaveValue('01/11/2026');
    expect(screen.getByRole('columnheader', { name: 'Fecha' })).toHaveAttribute('aria-sort', 'descending');
  });
});
