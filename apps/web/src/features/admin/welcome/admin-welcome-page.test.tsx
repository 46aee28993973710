import { DASHBOARD_MESSAGES } from '@camposanto/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptySeries, sampleSeries } from '../../../components/dashboard-series/series-test-data';
import { fakeToken, mockApi, renderWithProviders } from '../../../test/render';
import { AdminWelcomePage } from './admin-welcome-page';

// The chart library draws nothing useful in jsdom: each chart is a stand-in naming its description.
vi.mock('../../../components/dashboard-series/series-charts', () => {
  const Chart = ({ label, describedBy }: { label: string; describedBy: string }) => (
    <div role="img" aria-label={label} aria-describedby={describedBy} />
  );
  return { SalesChart: Chart, IncomeChart: Chart, InstalmentsChart: Chart };
});

const DASHBOARD = {
  solicitudes: 10,
  contratos: 4,
  solicitudes_caducadas: 2,
  total_ingresos: 1234567.5,
  total_verificado: 1000000.25,
};
const SERIES_URL = 'GET /api/v1/vendedores/ventas/dashboard/series';

function card(label: string) {
  return within(screen.getByRole('region', { name: label }));
}

describe('AdminWelcomePage', () => {
  it('shows the four dashboard cards, with created requests as requests minus contracts, each linked to its list', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({
      'GET /api/v1/vendedores/ventas/dashboard': { body: DASHBOARD },
      [SERIES_URL]: { body: emptySeries() },
    });
    renderWithProviders(<AdminWelcomePage />, { route: '/administracion' });

    expect(screen.getByRole('heading', { name: 'Bienvenido al Módulo Administrativo' })).toBeInTheDocument();
    expect(screen.getByText('Aquí podrás gestionar todos los servicios.')).toBeInTheDocument();
    // The cards are there from the start (skeletons while loading): their figures arrive.
    expect(await card('Solicitudes Creadas').findByText('6')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Solicitudes Creadas' })).toHaveAttribute('aria-busy', 'false');
    expect(card('Contratos Activos').getByText('4')).toBeInTheDocument();
    expect(card('Solicitudes Caducadas').getByText('2')).toBeInTheDocument();
    expect(card('Total Ingresos (USD)').getByText('$ 1.234.567,50')).toBeInTheDocument();
    // Issue 14 §3: reported and verified side by side.
    expect(card('Total Ingresos (USD)').getByText('Verificado: $ 1.000.000,25')).toBeInTheDocument();
    // Issue 15: each card leads to its list.
    const linkOf = (region: string, name: string) => card(region).getByRole('link', { name });
    expect(linkOf('Solicitudes Creadas', 'Ver Convertir Solicitudes a Contratos')).toHaveAttribute(
      'href',
      '/administracion/gestionar-solicitudes',
    );
    expect(linkOf('Contratos Activos', 'Ver Contratos Activos')).toHaveAttribute(
      'href',
      '/administracion/gestionar-contratos',
    );
    expect(linkOf('Solicitudes Caducadas', 'Ver Solicitudes Caducadas')).toHaveAttribute(
      'href',
      '/administracion/gestionar-solicitudes-caducadas',
    );
    expect(linkOf('Total Ingresos (USD)', 'Ver Historial de Ingresos')).toHaveAttribute(
      'href',
      '/administracion/historial-ingresos',
    );
  });

  it('shows the office’s charts with their summaries, hidden tables of figures and links to their lists', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({
      'GET /api/v1/vendedores/ventas/dashboard': { body: DASHBOARD },
      [SERIES_URL]: { body: sampleSeries() },
    });
    renderWithProviders(<AdminWelcomePage />, { route: '/administracion' });

    const income = await screen.findByRole('img', { name: 'Gráfico: Ingresos por moneda' });
    expect(income).toHaveAccessibleDescription(
      'Últimos 12 meses: $ 1.620,00 en 2 pagos: $ 720,00 en dólares y 32.811,03 Bs. ($ 900,00) en bolívares.',
    );
    const table = screen.getByRole('table', { name: 'Datos del gráfico: Ingresos por moneda' });
    const october = within(table).getByRole('row', { name: /oct 2026/ });
    expect(october).toHaveTextContent('32.811,03 Bs.');
    expect(october).toHaveTextContent('$ 900,00');
    expect(
      card('Ingresos por moneda').getByRole('link', { name: 'Ver Historial de Ingresos' }),
    ).toHaveAttribute('href', '/administracion/historial-ingresos');

    expect(
      screen.getByRole('img', { name: 'Gráfico: Solicitudes por servicio' }),
    ).toHaveAccessibleDescription(
      'Últimos 12 meses: 5 solicitudes, 1 contrato. Más solicitado: Cremación (4).',
    );
    expect(
      card('Solicitudes por servicio').getByRole('link', { name: 'Ver Convertir Solicitudes a Contratos' }),
    ).toHaveAttribute('href', '/administracion/gestionar-solicitudes');
    expect(
      card('Cuotas por mes de vencimiento').getByText(
        'Últimos 12 meses: 2 cuotas vencen por $ 646,40; 1 pagada ($ 323,20) y 1 vencida ($ 323,20).',
      ),
    ).toBeInTheDocument();
    expect(
      card('Cuotas por mes de vencimiento').getByRole('link', { name: 'Ver Historial de Cuotas' }),
    ).toHaveAttribute('href', '/administracion/gestionar-cuotas');
  });

  it('shows each chart’s empty text when the last twelve months hold nothing', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({
      'GET /api/v1/vendedores/ventas/dashboard': { body: DASHBOARD },
      [SERIES_URL]: { body: emptySeries() },
    });
    renderWithProviders(<AdminWelcomePage />, { route: '/administracion' });

    expect(await screen.findByText(DASHBOARD_MESSAGES.sinVentas)).toBeInTheDocument();
    expect(screen.getByText(DASHBOARD_MESSAGES.sinIngresos)).toBeInTheDocument();
    expect(screen.getByText(DASHBOARD_MESSAGES.sinCuotas)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('keeps the four cards, busy and with their links, while the figures load (nothing moves when they arrive)', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderWithProviders(<AdminWelcomePage />, { route: '/administracion' });

    for (const label of [
      'Solicitudes Creadas',
      'Contratos Activos',
      'Solicitudes Caducadas',
      'Total Ingresos (USD)',
    ])
      expect(screen.getByRole('region', { name: label })).toHaveAttribute('aria-busy', 'true');
    expect(card('Contratos Activos').getByRole('link', { name: 'Ver Contratos Activos' })).toHaveAttribute(
      'href',
      '/administracion/gestionar-contratos',
    );
  });

  it('marks the chart cards busy while the series load', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({ 'GET /api/v1/vendedores/ventas/dashboard': { body: DASHBOARD } });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).includes('/series')
          ? new Promise<Response>(() => undefined)
          : Promise.resolve(new Response(JSON.stringify(DASHBOARD), { status: 200 })),
      ),
    );
    renderWithProviders(<AdminWelcomePage />, { route: '/administracion' });

    expect(await screen.findByRole('region', { name: 'Ingresos por moneda' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('says the data could not be loaded, with a notice, when the dashboard fails', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
    mockApi({
      'GET /api/v1/vendedores/ventas/dashboard': { status: 500, body: { detail: 'Fallo' } },
      [SERIES_URL]: { status: 500, body: { detail: 'Fallo' } },
    });
    renderWithProviders(<AdminWelcomePage />, { route: '/administracion' });

    expect((await screen.findAllByText('No se pudieron cargar los datos.')).length).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('Error al cargar datos.')).toBeInTheDocument();
    expect(await screen.findByText(DASHBOARD_MESSAGES.errorGraficos)).toBeInTheDocument();
  });
});
