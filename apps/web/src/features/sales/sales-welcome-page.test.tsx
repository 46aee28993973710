import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleSeries } from '../../components/dashboard-series/series-test-data';
import { fakeToken, mockApi, renderWithProviders } from '../../test/render';
import { SalesWelcomePage } from './sales-welcome-page';

vi.mock('../../components/dashboard-series/series-charts', () => {
  const Chart = ({ label, describedBy }: { label: string; describedBy: string }) => (
    <div role="img" aria-label={label} aria-describedby={describedBy} />
  );
  return { SalesChart: Chart, IncomeChart: Chart, InstalmentsChart: Chart };
});

describe('SalesWelcomePage', () => {
  it('greets the seller and shows the charts of their own sales, linked to the sales lists', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'vendedor', usuario: 'Ana Pérez', sub: '7' }));
    mockApi({ 'GET /api/v1/vendedores/ventas/dashboard/series': { body: sampleSeries() } });
    renderWithProviders(<SalesWelcomePage />, { route: '/ventas' });

    expect(screen.getByRole('heading', { name: 'Bienvenido al Módulo de Ventas' })).toBeInTheDocument();
    expect(screen.getByText('Hola, Ana Pérez.')).toBeInTheDocument();
    expect(screen.getByText('Sus ventas de los últimos 12 meses.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Gráfico: Solicitudes por servicio' })).toBeInTheDocument();
    const card = (name: string) => within(screen.getByRole('region', { name }));
    expect(card('Solicitudes por servicio').getByRole('link', { name: 'Ver Solicitudes' })).toHaveAttribute(
      'href',
      '/ventas/solicitudes',
    );
    expect(card('Ingresos por moneda').getByRole('link', { name: 'Ver Historial de Pagos' })).toHaveAttribute(
      'href',
      '/ventas/historial-pagos',
    );
    expect(
      card('Cuotas por mes de vencimiento').getByRole('link', { name: 'Ver Reporte de Cuotas' }),
    ).toHaveAttribute('href', '/ventas/reporte-cuotas');
  });

  it('tells a supervisor the charts cover their team', async () => {
    localStorage.setItem('access_token', fakeToken({ rol: 'supervisor', usuario: 'Luis Rojas', sub: '3' }));
    mockApi({ 'GET /api/v1/vendedores/ventas/dashboard/series': { body: sampleSeries() } });
    renderWithProviders(<SalesWelcomePage />, { route: '/ventas' });

    expect(
      screen.getByText('Las ventas de su equipo y las suyas, de los últimos 12 meses.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('table', { name: 'Datos del gráfico: Solicitudes por servicio' }),
    ).toBeInTheDocument();
  });
});
