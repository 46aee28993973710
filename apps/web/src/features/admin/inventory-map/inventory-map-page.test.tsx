import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { InventoryMapPage } from './inventory-map-page';

// Issue 15 plot map: the sector's plots as a grid coloured by state, with a legend, keyboard moves, the URL
// keeping the sector, and the details of a plot on click.

const plot = (
  codigo: string,
  fila: number,
  numero: number,
  counts: Partial<Record<string, number>>,
  estado: string,
) => ({
  id: fila * 100 + numero,
  codigo,
  fila,
  numero,
  puestos: 3,
  disponible: 0,
  reservadas: 0,
  ocupadas: 0,
  vendidas: 0,
  ...counts,
  estado,
});

const sectorB01 = {
  sectores: [
    { nombre: 'B01', total: 3, disponibles: 2 },
    { nombre: 'C02', total: 1, disponibles: 0 },
  ],
  sector: 'B01',
  parcelas: [
    plot('B01-01-01', 1, 1, { disponible: 3 }, 'disponible'),
    plot('B01-01-03', 1, 3, { disponible: 1, vendidas: 2 }, 'vendido'),
    plot('B01-02-01', 2, 1, { ocupadas: 3 }, 'ocupado'),
  ],
  sin_ubicacion: 2,
};

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function renderPage(route = '/administracion/mapa-parcelas') {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  return renderWithProviders(
    <>
      <InventoryMapPage />
      <Address />
    </>,
    { route },
  );
}

describe('InventoryMapPage', () => {
  it('draws the plots at their row and number with their state in each label, the legend counts, and the unplaced ones noted', async () => {
    mockApi({ 'GET /api/v1/mapa-parcelas': { body: sectorB01 }, 'GET /api/mapas': { body: [] } });
    renderPage();
    const grid = await screen.findByRole('grid', { name: /Sector B01/ });
    const cells = within(grid).getAllByRole('button');
    expect(cells.map((cell) => cell.getAttribute('aria-label'))).toEqual([
      'Parcela B01-01-01: disponible, 3 de 3 puestos disponibles',
      'Parcela B01-01-03: vendida, 1 de 3 puestos disponibles',
      'Parcela B01-02-01: ocupada, 0 de 3 puestos disponibles',
    ]);
    // Row 01 has a gap where number 02 is missing: 3 columns, the middle one empty.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', '01', '02', '03']);
    const legend = screen.getByRole('list', { name: 'Leyenda' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Disponible (1)', 'Reservada (0)', 'Vendida (1)', 'Ocupada (1)']);
    expect(screen.getByText(/2 parcela\(s\) con código fuera del formato AXX-XX-XX/)).toBeInTheDocument();
  });

  it('moves through the plots with the arrow keys, one of them in the tab order', async () => {
    mockApi({ 'GET /api/v1/mapa-parcelas': { body: sectorB01 }, 'GET /api/mapas': { body: [] } });
    const user = setupUser();
    renderPage();
    const grid = await screen.findByRole('grid', { name: /Sector B01/ });
    const [first, third, below] = within(grid).getAllByRole('button');
    expect([first, third, below].map((cell) => cell!.tabIndex)).toEqual([0, -1, -1]);
    first!.focus();
    await user.keyboard('{ArrowRight}');
    expect(third).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(below).toHaveFocus();
    expect(below!.tabIndex).toBe(0);
  });

  it('keeps the chosen sector in the address and asks the server for it', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/mapa-parcelas': { body: sectorB01 },
      'GET /api/mapas': { body: [] },
    });
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Sector' }));
    await user.click(screen.getByRole('option', { name: /C02/ }));
    expect(screen.getByTestId('address')).toHaveTextContent('?sector=C02');
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((url) => url.includes('/api/v1/mapa-parcelas?sector=C02'))).toBe(true);
  });

  it("opens a plot's seats, plan and sales on click", async () => {
    mockApi({
      'GET /api/v1/mapa-parcelas': { body: sectorB01 },
      'GET /api/mapas': { body: [] },
      'GET /api/v1/admin/mapa-parcelas/103': {
        body: {
          id: 103,
          codigo: 'B01-01-03',
          plan: 'Parcela Jardín (3 puestos)',
          ventas: [
            {
              reserva_id: 9,
              solicitud_id: 41,
              numero: 'CON-000041',
              estado: 'contrato',
              cliente: 'Ana Rodríguez',
              vendedor: 'Luis Gómez',
              fecha_creacion: '2026-03-02T15:00:00.000Z',
              puestos: 2,
            },
          ],
        },
      },
    });
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Parcela B01-01-03/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Parcela B01-01-03' });
    expect(await within(dialog).findByText('Parcela Jardín (3 puestos)')).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'CON-000041' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'Ana Rodríguez' })).toBeInTheDocument();
    expect(within(dialog).getByText('Vendida')).toBeInTheDocument();
  });

  it('says where to load the inventory when there is none', async () => {
    mockApi({
      'GET /api/v1/mapa-parcelas': { body: { sectores: [], sector: null, parcelas: [], sin_ubicacion: 0 } },
    });
    renderPage();
    expect(await screen.findByText(/No hay parcelas en el inventario/)).toBeInTheDocument();
  });

  it('draws the niches of the chosen chapel side by side on the Nichos tab', async () => {
    mockApi({
      'GET /api/v1/mapa-nichos': {
        body: {
          capillas: [{ nombre: 'Capilla Norte', total: 2, disponibles: 1 }],
          capilla: 'Capilla Norte',
          nichos: [
            {
              id: 1,
              codigo: 'CN-1',
              lado: 'Izquierdo',
              fila: '1',
              columna: '1',
              cantidad_nichos: 1,
              estado: 'disponible',
            },
            {
              id: 2,
              codigo: 'CN-2',
              lado: 'Derecho',
              fila: '1',
              columna: '1',
              cantidad_nichos: 1,
              estado: 'ocupado',
            },
          ],
        },
      },
      'GET /api/mapas': { body: [] },
    });
    renderPage('/administracion/mapa-parcelas?vista=nichos');
    expect(await screen.findByRole('grid', { name: /Capilla Norte, lado Izquierdo/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nicho CN-2: ocupado' })).toBeInTheDocument();
  });
});
