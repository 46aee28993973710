import { formatUsd, REQUEST_MESSAGES, type RequestInput } from '@camposanto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser, type TestUser } from '../../../test/render';
import { planDto } from '../request/test-request-forms';
import { PlanRequestPage } from './plan-request-page';

// Issue 15: SPEC §2 Generic request screen at /ventas/contrato/plan.
const CREMACION = planDto(2, 'Cremación Básica', 'cremacion', 900);
const FUNERARIO = planDto(8, 'Plan Funerario Familiar', 'plan-funerario', 2000);
const luis = {
  id: 41,
  vendedor_id: 7,
  nombre: 'Luis Registrado',
  cedula: 'V-12345678',
  fecha_nacimiento: '1975-08-20',
  edad: 49,
  telefono: '2125551234',
  celular: null,
  email: 'luis@correo.test',
  direccion: 'Sabana Grande, Caracas',
  nombre_documento: null,
  tiene_documento: false,
};

function renderPage() {
  localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', sub: '7' }));
  const sent: RequestInput[][] = [];
  const fetchMock = mockApi({
    'GET /api/v1/clientes/V-12345678': { body: luis },
    'POST /api/v1/solicitudes/': (init) => {
      const body = JSON.parse(String(init?.body)) as RequestInput[];
      sent.push(body);
      const items = body.map((request, index) => ({
        id: 100 + index,
        numero_solicitud: request.tipo_servicio === 'cremacion' ? 'CRE-000007' : 'PFU-000003',
        tipo_servicio: request.tipo_servicio,
        monto_total: 0,
        fecha_vencimiento: '2026-01-04T00:00:00.000Z',
      }));
      return { body: { mensaje: REQUEST_MESSAGES.registradas, items } };
    },
  });
  // The plans of each service: mockApi ignores the query string, so the service is read here.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/api/planes/solicitudes')) {
      const plans = url.includes('tipo_servicio=cremacion') ? [CREMACION] : [FUNERARIO];
      return Promise.resolve(new Response(JSON.stringify(plans), { status: 200 }));
    }
    return fetchMock(input, init);
  });
  renderWithProviders(
    <Routes>
      <Route path="/ventas/contrato/plan" element={<PlanRequestPage />} />
    </Routes>,
    { route: '/ventas/contrato/plan' },
  );
  return { sent, user: setupUser() };
}

async function addLine(user: TestUser, service: string, plan: string, modalidad = 'De Contado') {
  await user.selectOptions(screen.getByLabelText(/^Servicio/), service);
  await screen.findByRole('option', { name: plan });
  await user.selectOptions(screen.getByLabelText(/^Plan/), plan);
  await user.selectOptions(screen.getByLabelText(/^Modalidad de Pago/), modalidad);
  await user.click(screen.getByRole('button', { name: 'Agregar' }));
}

const summary = () => screen.getByRole('table', { name: 'Resumen de solicitud del contrato' });
/** The summary's lines, each named by its own checkbox (the header's checks them all). */
const lines = () =>
  within(summary())
    .queryAllByRole('checkbox', { name: /^Seleccionar (?!todos)/ })
    .map((checkbox) => checkbox.closest('tr')!);

// Typing in jsdom (and the first render, which loads MUI) takes more than five seconds on a busy machine.
describe('the generic request screen', { timeout: 40_000 }, () => {
  it('starts with an empty summary, Eliminar Ítems and Guardar Solicitud disabled, and asks for a service', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { name: 'SOLICITUD DE CONTRATO' })).toBeInTheDocument();
    expect(within(summary()).getByText('No hay ítems agregados a la solicitud.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar Ítems' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar Solicitud' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('Por favor, seleccione un servicio.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Servicio/), 'Cremación');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText(REQUEST_MESSAGES.planYModalidad)).toBeInTheDocument();
    expect(REQUEST_MESSAGES.planYModalidad).toBe('Por favor, seleccione un plan y una modalidad.');
  });

  it('keeps lines of two services, removes the checked one after confirming, and saves one request per service', async () => {
    const { sent, user } = renderPage();
    await addLine(user, 'Cremación', CREMACION.descripcion);
    await addLine(user, 'Plan Funerario', FUNERARIO.descripcion);
    await addLine(user, 'Cremación', CREMACION.descripcion, 'Financiado');

    const rows = lines();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Cremación');
    // Cash in USD: 900 less 20 %.
    expect(rows[0]).toHaveTextContent(formatUsd(720));
    expect(rows[1]).toHaveTextContent('Plan Funerario');
    expect(rows[1]).toHaveTextContent(formatUsd(1600));

    await user.click(within(rows[2]!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Eliminar Ítems' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar Ítems' });
    expect(dialog).toHaveTextContent('¿Estás seguro de que deseas eliminar el ítem seleccionado?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lines()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Eliminar Ítems' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Eliminar Ítems' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    await waitFor(() => expect(lines()).toHaveLength(2));

    await user.type(screen.getByLabelText(/^Cédula/), 'V-12345678{Enter}');
    await screen.findByDisplayValue('Luis Registrado');
    await user.click(screen.getByRole('button', { name: 'Guardar Solicitud' }));

    expect(await screen.findByText('Solicitudes registradas: CRE-000007, PFU-000003.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(
      sent[0]!.map((request) => [request.tipo_servicio, request.cliente_id, request.detalles.length]),
    ).toEqual([
      ['cremacion', 41, 1],
      ['plan-funerario', 41, 1],
    ]);
    expect(sent[0]![1]!.detalles[0]).toMatchObject({ plan_id: FUNERARIO.id, precioTotal: 1600 });
    // SPEC §4: the form resets after a successful save.
    expect(within(summary()).getByText('No hay ítems agregados a la solicitud.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Servicio/)).toHaveValue('');
    expect(screen.getByLabelText(/^Modalidad de Pago/)).toHaveValue('');
  });
});
