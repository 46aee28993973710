import { SETTINGS_MESSAGES } from '@camposanto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { ExchangeRatePage } from './exchange-rate-page';

const CURRENT = {
  promedio: 36.5,
  fuente: 'manual',
  fecha: '2026-11-20T14:30:00Z',
  usuario: 'Ana Administradora',
};
const HISTORY = [
  { fecha: '2026-10-01T12:00:00Z', promedio: 35.1234, fuente: 'oficial', usuario: null },
  { fecha: '2026-11-20T14:30:00Z', promedio: 36.5, fuente: 'manual', usuario: 'Ana Administradora' },
];

function open({ current = CURRENT as object, history = HISTORY as object[] } = {}) {
  localStorage.setItem('access_token', fakeToken({ rol: 'administrador' }));
  const puts: unknown[] = [];
  const fetchMock = mockApi({
    'GET /api/v1/tasa-cambio': { body: current },
    'GET /api/v1/tasa-cambio/historial': { body: history },
    'PUT /api/v1/tasa-cambio': (init) => {
      puts.push(JSON.parse(String(init?.body)));
      return { body: { ...CURRENT, promedio: 40.25 } };
    },
  });
  renderWithProviders(<ExchangeRatePage />);
  const queried = () =>
    fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.includes('/historial'))
      .map((url) => new URL(url, 'http://localhost').search);
  return { puts, queried };
}

describe('ExchangeRatePage (issue 10)', () => {
  it('shows the rate in force, its source, who set it and when', async () => {
    open();
    const current = await screen.findByRole('region', { name: 'Tasa vigente' });
    await within(current).findByText('36,50 Bs.');
    expect(current).toHaveTextContent('Manual');
    expect(current).toHaveTextContent('Ana Administradora');
    expect(current).toHaveTextContent(/20\/11\/2026/);
  });

  it('lists the history of the last 90 days, newest first, with its source and author', async () => {
    const { queried } = open();
    const table = await screen.findByRole('table', { name: 'Historial de la tasa de cambio' });
    await within(table).findByRole('row', { name: /Servicio oficial/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('36,50 Bs.');
    expect(rows[1]).toHaveTextContent('Ana Administradora');
    expect(rows[2]).toHaveTextContent('35,1234 Bs.');
    expect(rows[2]).toHaveTextContent('Servicio oficial');
    const [search] = queried();
    const params = new URLSearchParams(search);
    const days = (Date.parse(params.get('hasta')!) - Date.parse(params.get('desde')!)) / 86_400_000;
    expect(days).toBe(90);
  });

  it('filters the history by dates and warns when Desde is after Hasta', async () => {
    const user = setupUser();
    const { queried } = open();
    await screen.findByRole('table', { name: 'Historial de la tasa de cambio' });
    // The user empties the field, then types the new day from its start.
    const desde = await screen.findByLabelText('Desde');
    const retype = async (day: string) => {
      await user.clear(desde);
      await user.tab();
      await user.type(desde, day);
    };
    await retype('01/10/2026');
    expect(desde).toHaveValue('01/10/2026');
    await waitFor(() => expect(queried().at(-1)).toContain('desde=2026-10-01'));
    await retype('01/01/2099');
    expect(await screen.findByText(SETTINGS_MESSAGES.rangoFechas)).toBeInTheDocument();
  });

  it('says so when no rate was ever registered', async () => {
    open({ current: { promedio: null, fuente: null, fecha: null, usuario: null }, history: [] });
    expect(await screen.findByText(/No hay tasa de cambio registrada/)).toBeInTheDocument();
    expect(await screen.findByText(SETTINGS_MESSAGES.sinHistorialTasa)).toBeInTheDocument();
  });

  it('refuses a rate out of bounds or with 5 decimals without calling the server', async () => {
    const user = setupUser();
    const { puts } = open();
    const input = await screen.findByLabelText(/^Tasa \(Bs\.\/USD\)/);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Actualizar tasa' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.tasaFueraDeRango)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '36,12345');
    await user.click(screen.getByRole('button', { name: 'Actualizar tasa' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.tasaDecimales)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('sets the rate by hand after a confirmation', async () => {
    const user = setupUser();
    const { puts } = open();
    await user.type(await screen.findByLabelText(/^Tasa \(Bs\.\/USD\)/), '40,25');
    await user.click(screen.getByRole('button', { name: 'Actualizar tasa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar tasa' });
    expect(dialog).toHaveTextContent('40,25 Bs.');
    expect(puts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.tasaActualizada)).toBeInTheDocument();
    expect(puts).toEqual([{ promedio: 40.25 }]);
  });
});
