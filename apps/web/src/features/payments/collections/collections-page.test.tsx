import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  fakeToken,
  type FetchMock,
  LocationSearch,
  mockApi,
  queriesTo,
  renderWithProviders,
  setupUser,
} from '../../../test/render';
import { CollectionsPage } from './collections-page';

// Issue 14 Cobranza: bucket cards and table from the API's answer, filters in the address and the query,
// the reminder's confirmation, and a seller without the seller filter.

// The chart library is heavy in jsdom; its module is replaced by the figures it is given.
vi.mock('./bucket-chart', () => ({
  default: ({ totals }: { totals: Record<string, number> }) => (
    <div data-testid="bucket-chart">{JSON.stringify(totals)}</div>
  ),
}));

const answer = {
  items: [
    {
      contrato_id: 12,
      numero_contrato: 'CON-000012',
      cliente: 'Ana Rodríguez',
      telefono: '0414-5551234',
      email: 'ana@example.com',
      vendedor: 'Luis Gómez',
      servicio: 'parcelas',
      cuotas_vencidas: 2,
      monto_vencido: 2726.4,
      dias_mora: 45,
      tramo: '31-60',
    },
    {
      contrato_id: 15,
      numero_contrato: 'CON-000015',
      cliente: 'Pedro Márquez',
      telefono: null,
      email: null,
      vendedor: 'Carla Díaz',
      servicio: 'cremacion',
      cuotas_vencidas: 5,
      monto_vencido: 1000.05,
      dias_mora: 120,
      tramo: '90+',
    },
  ],
  total: 2,
  totales: { '1-30': 0, '31-60': 2726.4, '61-90': 0, '90+': 1000.05 },
};

const sellers = {
  mensaje: 'ok',
  vendedores: [
    {
      id: 4,
      nombre: 'Luis Gómez',
      cedula: null,
      direccion: null,
      telefono: null,
      email: 'l@x.test',
      supervisor_id: 2,
      supervisor_nombre: 'Sara',
      is_active: true,
    },
    {
      id: 5,
      nombre: 'Carla Díaz',
      cedula: null,
      direccion: null,
      telefono: null,
      email: 'c@x.test',
      supervisor_id: 2,
      supervisor_nombre: 'Sara',
      is_active: true,
    },
  ],
  usuarios: [
    {
      id: 2,
      username: 'Sara Torres',
      email: 's@x.test',
      rol: 'supervisor',
      cedula: null,
      direccion: null,
      telefono: null,
      is_active: true,
      vendedor_id: 2,
      created_at: '2026-01-01',
    },
    {
      id: 1,
      username: 'Admin',
      email: 'a@x.test',
      rol: 'administrador',
      cedula: null,
      direccion: null,
      telefono: null,
      is_active: true,
      vendedor_id: null,
      created_at: '2026-01-01',
    },
  ],
};

function renderPage(rol: string, { route = '/cobranza', handlers = {} } = {}) {
  localStorage.setItem('access_token', fakeToken({ rol, sub: '2' }));
  const fetchMock = mockApi({
    'GET /api/v1/cobranza': { body: answer },
    'GET /api/v1/vendedores': { body: sellers },
    'GET /api/vendedor/list/2': {
      body: [{ id: 4, usuario: 'Luis Gómez', email: 'l@x.test', telefono: null }],
    },
    ...handlers,
  });
  renderWithProviders(
    <>
      <CollectionsPage backTo="/administracion" />
      <LocationSearch />
    </>,
    { route },
  );
  return fetchMock;
}

/** The query of every call to the collections list. */
const collectionQueries = (fetchMock: FetchMock) => queriesTo(fetchMock, '/api/v1/cobranza');

describe('CollectionsPage', () => {
  it('shows the bucket totals as cards and the contracts overdue in the table', async () => {
    renderPage('administrador');

    await screen.findByText('CON-000012');
    const table = screen.getByRole('table', { name: 'Contratos con cuotas vencidas' });
    const cards = screen.getByRole('list', { name: 'Totales por antigüedad' });
    expect(within(cards).getByRole('listitem', { name: '31–60 días' })).toHaveTextContent('$ 2.726,40');
    expect(within(cards).getByRole('listitem', { name: 'Más de 90 días' })).toHaveTextContent('$ 1.000,05');
    expect(within(cards).getByRole('listitem', { name: '1–30 días' })).toHaveTextContent('$ 0,00');
    expect(await screen.findByTestId('bucket-chart')).toHaveTextContent('"90+":1000.05');

    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(first.slice(0, 7)).toEqual([
      'CON-000012',
      'Ana Rodríguez0414-5551234',
      'Luis Gómez',
      '2',
      '$ 2.726,40',
      '45',
      '31–60 días',
    ]);
    expect(
      within(rows[1]!).getByRole('button', { name: 'Descargar estado de cuenta de CON-000012 (PDF)' }),
    ).toBeEnabled();
    expect(within(rows[2]!).getByText('Más de 90 días')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Sin teléfono')).toBeInTheDocument();
  });

  it('keeps the filters in the address and sends them to the API', async () => {
    const user = setupUser();
    const fetchMock = renderPage('asistente', { route: '/cobranza?tramo=90%2B&supervisor_id=2' });

    await screen.findByRole('table', { name: 'Contratos con cuotas vencidas' });
    expect(screen.getByRole('combobox', { name: 'Antigüedad' })).toHaveValue('90+');
    expect(collectionQueries(fetchMock)[0]!.get('tramo')).toBe('90+');
    expect(collectionQueries(fetchMock)[0]!.get('supervisor_id')).toBe('2');

    await screen.findByRole('option', { name: 'Carla Díaz' });
    expect(screen.getByRole('combobox', { name: 'Supervisor' })).toHaveValue('2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vendedor' }), 'Carla Díaz');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Servicio' }), 'Cremación');

    const location = new URLSearchParams(screen.getByTestId('location').textContent ?? '');
    expect(Object.fromEntries(location)).toEqual({
      tramo: '90+',
      vendedor_id: '5',
      supervisor_id: '2',
      servicio: 'cremacion',
    });
    await waitFor(() => {
      const last = collectionQueries(fetchMock).at(-1)!;
      expect(Object.fromEntries(last)).toEqual({
        vendedor_id: '5',
        supervisor_id: '2',
        tramo: '90+',
        servicio: 'cremacion',
        page: '1',
        per_page: '10',
      });
    });
  });

  it('asks before sending a reminder, posts it and says so', async () => {
    const user = setupUser();
    const fetchMock = renderPage('administrador', {
      handlers: {
        'POST /api/v1/cobranza/12/recordatorio': {
          status: 201,
          body: {
            id: 3,
            tipo: 'manual',
            cuota_numero: null,
            destinatario: 'ana@example.com',
            usuario: 'Admin',
            enviado_en: '2026-11-24T15:00:00.000Z',
          },
        },
      },
    });

    await user.click(
      await screen.findByRole('button', { name: 'Enviar recordatorio a Ana Rodríguez (CON-000012)' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Enviar recordatorio' });
    expect(dialog).toHaveTextContent('CON-000012');
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(0);

    // The answer waits until the spinner has been seen.
    let answer = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const reply = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await gate;
      return reply(input, init);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const button = screen.getByRole('button', { name: 'Enviar recordatorio a Ana Rodríguez (CON-000012)' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByText('Recordatorio enviado al cliente (ana@example.com).')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    expect(posts()).toHaveLength(1);
    expect(String(posts()[0]![0])).toBe('/api/v1/cobranza/12/recordatorio');
  });

  it('shows the server’s refusal of a reminder as an error notice', async () => {
    const user = setupUser();
    renderPage('administrador', {
      handlers: {
        'POST /api/v1/cobranza/12/recordatorio': {
          status: 400,
          body: { detail: 'El cliente no tiene correo electrónico.' },
        },
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Enviar recordatorio a Ana Rodríguez (CON-000012)' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText(
        'No se pudo enviar el recordatorio. Intente de nuevo más tarde. El cliente no tiene correo electrónico.',
      ),
    ).toBeInTheDocument();
  });

  it('gives a seller no seller or supervisor filter and ignores them in the address', async () => {
    const fetchMock = renderPage('vendedor', { route: '/cobranza?vendedor_id=9&supervisor_id=2' });

    await screen.findByRole('table', { name: 'Contratos con cuotas vencidas' });
    expect(screen.queryByRole('combobox', { name: 'Vendedor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Supervisor' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Antigüedad' })).toBeInTheDocument();
    const query = collectionQueries(fetchMock)[0]!;
    expect(query.has('vendedor_id')).toBe(false);
    expect(query.has('supervisor_id')).toBe(false);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('vendedor'))).toBe(false);
  });

  it('gives a supervisor their sellers only and no supervisor filter', async () => {
    renderPage('supervisor');
    await screen.findByRole('option', { name: 'Luis Gómez' });
    expect(screen.queryByRole('option', { name: 'Carla Díaz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Supervisor' })).not.toBeInTheDocument();
  });

  it('says when nobody is late', async () => {
    renderPage('administrador', {
      handlers: {
        'GET /api/v1/cobranza': {
          body: { items: [], total: 0, totales: { '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 } },
        },
      },
    });
    expect(await screen.findByText('No hay cuotas vencidas.')).toBeInTheDocument();
    expect(screen.queryByTestId('bucket-chart')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  });

  it('exports the CSV of the filter shown, with the token', async () => {
    const user = setupUser();
    // jsdom has no object URLs: the download is seen being handed its file.
    const createUrl = vi.fn((_blob: Blob) => 'blob:cobranza');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const fetchMock = renderPage('administrador', { route: '/cobranza?tramo=61-90' });
    await screen.findByText('CON-000012');
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
    const csvCall = fetchMock.mock.calls.find(([input]) => String(input).includes('formato=csv'))!;
    const url = new URL(String(csvCall[0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tramo: '61-90', formato: 'csv' });
    expect((csvCall[1]?.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    expect(createUrl.mock.calls[0]![0].size).toBeGreaterThan(0);
  });
});

describe('CollectionsPage — search and sort (issue 15)', () => {
  it('sends the search as q and a header click as orden, both kept in the address', async () => {
    const user = setupUser();
    const fetchMock = renderPage('administrador');
    await screen.findByText('CON-000012');

    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por cliente, cédula o contrato' }),
      'ana{Enter}',
    );
    await waitFor(() => expect(collectionQueries(fetchMock).at(-1)!.get('q')).toBe('ana'));

    await user.click(screen.getByRole('button', { name: /Días de/ }));
    await waitFor(() => expect(collectionQueries(fetchMock).at(-1)!.get('orden')).toBe('dias_mora'));
    await user.click(screen.getByRole('button', { name: /Días de/ }));
    await waitFor(() => expect(collectionQueries(fetchMock).at(-1)!.get('orden')).toBe('-dias_mora'));
    const location = new URLSearchParams(screen.getByTestId('location').textContent ?? '');
    expect(Object.fromEntries(location)).toEqual({ q: 'ana', orden: '-dias_mora' });
  });
});
