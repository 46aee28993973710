import type { Plan } from '@camposanto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { PlansPage } from './plans-page';

const plan = (id: number, tipo_servicio: string, descripcion: string): Plan => ({
  id,
  tipo_servicio,
  descripcion,
  puestos: null,
  de_contado_bcv: 900,
  de_contado: 900,
  financiado: 1080,
  cuota_1: 1080,
  cuota_2: 1123.2,
  cuota_3: 1166.4,
  cuota_4: 1209.6,
  cuota_5: 1252.8,
  cuota_6: 1296,
  is_active: true,
});

const basica = plan(1, 'cremacion', 'Cremación Básica');
const jardin = plan(2, 'parcelas', 'Parcela Jardín');

function signIn() {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
}

// The first render of MUI in a worker is slow on a busy machine.
describe('PlansPage', { timeout: 20_000 }, () => {
  it('shows prices with 2 decimals and filters by service', async () => {
    const user = setupUser();
    signIn();
    mockApi({ 'GET /api/v1/admin/planes': { body: [basica, jardin] } });
    renderWithProviders(<PlansPage />);

    const row = await screen.findByRole('row', { name: /Cremación Básica/ });
    expect(within(row).getByRole('button', { name: 'Editar Cuota 2 de Cremación Básica' })).toHaveTextContent(
      '$ 1.123,20',
    );
    // Issue 15: the services by their names, not their codes.
    expect(
      within(row).getByRole('button', { name: 'Editar Tipo de Servicio de Cremación Básica' }),
    ).toHaveTextContent(/^Cremación$/);
    expect(
      within(screen.getByLabelText('Filtrar por servicio')).getByRole('option', { name: 'Parcelas' }),
    ).toHaveValue('parcelas');
    await user.selectOptions(screen.getByLabelText('Filtrar por servicio'), 'parcelas');
    expect(screen.queryByRole('row', { name: /Cremación Básica/ })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Parcela Jardín/ })).toBeInTheDocument();
  });

  it('sends the one edited field and announces it', async () => {
    const user = setupUser();
    signIn();
    const fetchMock = mockApi({
      'GET /api/v1/admin/planes': { body: [basica] },
      'PUT /api/v1/admin/planes/1': { body: { ...basica, puestos: 2 } },
    });
    renderWithProviders(<PlansPage />);

    await user.click(await screen.findByRole('button', { name: 'Editar Puestos de Cremación Básica' }));
    await user.type(screen.getByRole('textbox', { name: 'Puestos de Cremación Básica' }), '2{Enter}');

    expect(await screen.findByText('Plan actualizado correctamente')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'PUT')!;
    expect(JSON.parse(String(init?.body))).toEqual({ puestos: 2 });
  });

  it('turns the active switch at once and back when the server refuses', async () => {
    const user = setupUser();
    signIn();
    mockApi({
      'GET /api/v1/admin/planes': { body: [basica] },
      'PATCH /api/v1/admin/planes/1/estado': { status: 404, body: { detail: 'Plan no encontrado.' } },
    });
    renderWithProviders(<PlansPage />);

    const toggle = await screen.findByLabelText('Activo: Cremación Básica');
    await user.click(toggle);

    expect(await screen.findByText('Error al actualizar el estado. Plan no encontrado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Activo: Cremación Básica')).toBeChecked());
  });

  it('says why the plans could not be loaded', async () => {
    signIn();
    mockApi({ 'GET /api/v1/admin/planes': { status: 403, body: { detail: 'No tiene permisos.' } } });
    renderWithProviders(<PlansPage />);

    expect(await screen.findAllByText('Error al cargar los planes: No tiene permisos.')).not.toHaveLength(0);
  });

  it('shows the empty notice', async () => {
    signIn();
    mockApi({ 'GET /api/v1/admin/planes': { body: [] } });
    renderWithProviders(<PlansPage />);

    expect(await screen.findByText('No hay planes disponibles')).toBeInTheDocument();
  });
});
