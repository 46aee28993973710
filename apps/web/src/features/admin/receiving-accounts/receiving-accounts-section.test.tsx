import { SETTINGS_MESSAGES, type ReceivingAccount } from '@camposanto/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { ReceivingAccountsSection } from './receiving-accounts-section';

const DEMO: ReceivingAccount = {
  id: 3,
  banco: 'Banco de Demostración',
  titular: 'Camposanto C.A. (DATOS DE DEMOSTRACIÓN)',
  numero_cuenta: '0000-0000-00-0000000000',
  rif: 'J-00000000-0',
  telefono_pago_movil: null,
  activa: true,
  es_demo: true,
};

function open(accounts: ReceivingAccount[] = [DEMO]) {
  localStorage.setItem('access_token', fakeToken({ rol: 'asistente' }));
  const sent: Array<{ method: string; body: unknown }> = [];
  const record =
    (method: string, status = 200) =>
    (init: RequestInit | undefined) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, body });
      return { status, body: { ...DEMO, ...body, id: 4 } };
    };
  mockApi({
    'GET /api/v1/admin/cuentas-receptoras': { body: accounts },
    'POST /api/v1/admin/cuentas-receptoras': record('POST', 201),
    'PUT /api/v1/admin/cuentas-receptoras/3': record('PUT'),
    'DELETE /api/v1/admin/cuentas-receptoras/3': () => {
      sent.push({ method: 'DELETE', body: undefined });
      return { body: { mensaje: SETTINGS_MESSAGES.cuentaEliminada } };
    },
  });
  renderWithProviders(<ReceivingAccountsSection />);
  return { sent };
}

describe('ReceivingAccountsSection (issue 10)', () => {
  it('lists the accounts, marking the demo data and the state', async () => {
    open();
    const row = await screen.findByRole('row', { name: /Banco de Demostración/ });
    expect(within(row).getByText('Demostración')).toBeInTheDocument();
    expect(within(row).getByText('Activa')).toBeInTheDocument();
    expect(row).toHaveTextContent('0000-0000-00-0000000000');
  });

  it('shows its empty text when there is no account', async () => {
    open([]);
    expect(await screen.findByText(SETTINGS_MESSAGES.sinCuentas)).toBeInTheDocument();
  });

  it("adds an account with 'Agregar cuenta', sending it in its usual written form", async () => {
    const user = setupUser();
    const { sent } = open();
    await user.click(await screen.findByRole('button', { name: 'Agregar cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar cuenta' });
    await user.type(within(dialog).getByLabelText(/^Banco/), 'Banesco');
    await user.type(within(dialog).getByLabelText(/^Titular/), 'Camposanto C.A.');
    await user.type(within(dialog).getByLabelText(/^Número de cuenta/), '01340001112222222222');
    await user.type(within(dialog).getByLabelText(/^RIF/), 'j123456789');
    await user.type(within(dialog).getByLabelText(/^Teléfono pago móvil/), '04141234567');
    expect(within(dialog).getByLabelText('Activa')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.cuentaAgregada)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          banco: 'Banesco',
          titular: 'Camposanto C.A.',
          numero_cuenta: '0134-0001-11-2222222222',
          rif: 'J-12345678-9',
          telefono_pago_movil: '0414-1234567',
          activa: true,
        },
      },
    ]);
  });

  it('shows the Spanish message of each wrong field and sends nothing', async () => {
    const user = setupUser();
    const { sent } = open();
    await user.click(await screen.findByRole('button', { name: 'Agregar cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar cuenta' });
    await user.type(within(dialog).getByLabelText(/^Número de cuenta/), '0134');
    await user.type(within(dialog).getByLabelText(/^RIF/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(SETTINGS_MESSAGES.numeroCuentaInvalido)).toBeInTheDocument();
    expect(within(dialog).getByText(SETTINGS_MESSAGES.rifInvalido)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('deactivates an account by editing it', async () => {
    const user = setupUser();
    const { sent } = open();
    await user.click(await screen.findByRole('button', { name: `Editar cuenta ${DEMO.numero_cuenta}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar cuenta' });
    await user.click(within(dialog).getByLabelText('Activa'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.cuentaActualizada)).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'PUT', body: expect.objectContaining({ banco: DEMO.banco, activa: false }) },
    ]);
  });

  it('deletes an account after a confirmation', async () => {
    const user = setupUser();
    const { sent } = open();
    await user.click(await screen.findByRole('button', { name: `Eliminar cuenta ${DEMO.numero_cuenta}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar cuenta' });
    expect(dialog).toHaveTextContent(SETTINGS_MESSAGES.confirmarEliminarCuenta);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.cuentaEliminada)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', body: undefined }]);
  });
});
