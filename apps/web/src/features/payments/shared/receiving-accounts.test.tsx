import { PAYMENT_MESSAGES, SETTINGS_MESSAGES, type ReceivingAccount } from '@camposanto/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders } from '../../../test/render';
import { ReceivingAccounts } from './receiving-accounts';

const account = (overrides: Partial<ReceivingAccount> = {}): ReceivingAccount => ({
  id: 1,
  banco: 'Banco Mercantil',
  titular: 'Camposanto Oriente C.A.',
  numero_cuenta: '0105-0000-11-2222222222',
  rif: 'J-12345678-9',
  telefono_pago_movil: '0414-1234567',
  activa: true,
  es_demo: false,
  ...overrides,
});

const RATE = { promedio: 36.5, fuente: 'manual', fecha: '2026-11-20T12:00:00Z', usuario: 'Ana' };
const NO_RATE = { promedio: null, fuente: null, fecha: null, usuario: null };

function show({
  rol = 'vendedor',
  accounts = [account()],
  rate = RATE,
  metodo,
}: {
  rol?: string;
  accounts?: ReceivingAccount[];
  rate?: object;
  metodo?: 'transferencia' | 'pago_movil';
}) {
  localStorage.setItem('access_token', fakeToken({ rol }));
  mockApi({
    'GET /api/v1/tasa-cambio': { body: rate },
    'GET /api/v1/admin/cuentas-receptoras': { body: accounts },
  });
  renderWithProviders(<ReceivingAccounts metodo={metodo} />);
}

describe('ReceivingAccounts (issue 10)', () => {
  it('shows every active account the office registered, with its account number for a transfer', async () => {
    show({
      accounts: [account(), account({ id: 2, banco: 'Banesco', numero_cuenta: '0134-1111-22-3333333333' })],
    });
    const region = await screen.findByRole('region', { name: 'Datos bancarios para el pago' });
    expect(within(region).getByLabelText('Cuenta Banco Mercantil')).toHaveTextContent(
      '0105-0000-11-2222222222',
    );
    expect(within(region).getByLabelText('Cuenta Banesco')).toHaveTextContent('0134-1111-22-3333333333');
    expect(region).toHaveTextContent('J-12345678-9');
    expect(region).not.toHaveTextContent('0414-1234567');
  });

  it('shows the pago móvil phone instead of the account number for pago móvil', async () => {
    show({ metodo: 'pago_movil' });
    const region = await screen.findByRole('region', { name: 'Datos bancarios para el pago' });
    expect(region).toHaveTextContent('Teléfono (Pago Móvil)');
    expect(region).toHaveTextContent('0414-1234567');
    expect(region).not.toHaveTextContent('0105-0000-11-2222222222');
  });

  it('never shows an inactive account, even to administración', async () => {
    show({
      rol: 'administrador',
      accounts: [account(), account({ id: 2, banco: 'Banesco', activa: false })],
    });
    const region = await screen.findByRole('region', { name: 'Datos bancarios para el pago' });
    expect(region).not.toHaveTextContent('Banesco');
  });

  it('tells a seller to ask administración when there is no active account or no rate', async () => {
    show({ accounts: [], rate: NO_RATE });
    expect(await screen.findByText(SETTINGS_MESSAGES.sinCuentaActiva)).toBeInTheDocument();
    expect(await screen.findByText(PAYMENT_MESSAGES.sinTasa)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('links an administrator to the screens that register the rate and the accounts', async () => {
    show({ rol: 'administrador', accounts: [], rate: NO_RATE });
    expect(await screen.findByRole('link', { name: 'Registrar la tasa' })).toHaveAttribute(
      'href',
      '/administracion/tasa-cambio',
    );
    expect(await screen.findByRole('link', { name: 'Registrar una cuenta receptora' })).toHaveAttribute(
      'href',
      '/administracion/configuracion',
    );
    expect(screen.getByText(SETTINGS_MESSAGES.sinTasaAdmin, { exact: false })).toBeInTheDocument();
  });
});
