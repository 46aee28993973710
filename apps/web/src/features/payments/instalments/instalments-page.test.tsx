import type { RequestDto } from '@camposanto/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders } from '../../../test/render';
import { AdminInstalmentsPage, SalesInstalmentsPage } from './instalments-page';

// Only what the table shows of a financed contract.
const contractDto = ({ id }: { id: number }) =>
  ({
    id,
    numero_solicitud: `CRE${String(id).padStart(6, '0')}`,
    numero_contrato: `CON-${String(id).padStart(6, '0')}`,
    tipo_servicio: 'cremacion',
    fecha_creacion: '2024-05-03T14:00:00.000Z',
    precioPlan: 1200,
    items_adicionales: { metodoPago: 'USD', descuento: 20, precioConDescuento: 1180 },
    vendedor_nombre: 'Valeria Vendedora',
    cliente: { nombre: 'Carlos Cliente', cedula: 'V-30111222', celular: null, telefono: null },
    detalles: [],
  }) as unknown as RequestDto;

const urls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([url]) => String(url));

describe('InstalmentsPage', () => {
  it('asks the server for a page of the financed contracts and turns pages there', async () => {
    const user = userEvent.setup();
    localStorage.setItem('access_token', fakeToken({ rol: 'asistente' }));
    const fetchMock = mockApi({
      'GET /api/v1/cuotas/contratos-financiados': {
        body: [contractDto({ id: 5 }), contractDto({ id: 6 })],
        headers: { 'X-Total-Count': '42' },
      },
    });
    renderWithProviders(<AdminInstalmentsPage />);

    const row = await screen.findByRole('row', { name: /CON-000005/ });
    expect(within(row).getByText('Valeria Vendedora')).toBeInTheDocument();
    expect(screen.getByText('1–10 de 42')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await screen.findByText('11–20 de 42');
    expect(urls(fetchMock)).toEqual([
      '/api/v1/cuotas/contratos-financiados?page=1&per_page=10',
      '/api/v1/cuotas/contratos-financiados?page=2&per_page=10',
    ]);
  });

  it('shows the alert of SPEC §8 when the contracts cannot be loaded', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'vendedor' }));
    mockApi({
      'GET /api/v1/cuotas/contratos-financiados': { status: 500, body: { detail: 'Error interno' } },
    });
    renderWithProviders(<SalesInstalmentsPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar contratos');
    expect(screen.getByText('No hay contratos disponibles.')).toBeInTheDocument();
  });
});
