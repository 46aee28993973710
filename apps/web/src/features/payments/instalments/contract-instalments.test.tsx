import type { InstalmentPayment } from '@camposanto/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Instalment } from '../../../api/instalments/get-instalments';
import { fakeToken, mockApi, renderWithProviders, setupUser } from '../../../test/render';
import { makeRequestDto } from '../../../test/request-dto';
import { ContractInstalments } from './contract-instalments';

// Issue 10 §7: 'Historial de cuotas' shows how each paid instalment was paid and opens its receipts.

const contract = makeRequestDto({ id: 9 });

function instalment(numero: number, pago: InstalmentPayment | null): Instalment {
  return {
    id: 40 + numero,
    contrato_id: 9,
    numero,
    numero_contrato: 'CON-000009',
    tipo_servicio: 'cremacion',
    cuotas: 1363.2,
    monto: 1363.2,
    fecha_vencimiento: `2027-0${numero}-22`,
    estado_pago: pago ? 'pagado' : 'pendiente',
    fecha_pago: pago?.fecha_pago ?? null,
    precioFinanciado: 4089.6,
    pago,
  };
}

const payment = (overrides: Partial<InstalmentPayment>): InstalmentPayment => ({
  id: 70,
  fecha_pago: '2026-12-22T15:00:00.000Z',
  metodo_pago: 'USD',
  metodo_ves: null,
  divisas: 1363.2,
  bolivares: 0,
  dollar_price: 36.5,
  monto_pagado: 1363.2,
  banco_emisor: null,
  referencia: null,
  tiene_comprobante_usd: true,
  tiene_comprobante_ves: false,
  ...overrides,
});

function renderInstalments() {
  localStorage.setItem('access_token', fakeToken({ rol: 'asistente' }));
  const fetchMock = mockApi({
    'GET /api/v1/cuotas/cuotas/9': {
      body: {
        cuotas: [
          instalment(1, payment({})),
          instalment(
            2,
            payment({
              id: 71,
              fecha_pago: '2027-01-20T15:00:00.000Z',
              metodo_pago: 'Ambos',
              metodo_ves: 'pago_movil',
              divisas: 363.2,
              bolivares: 36500,
              dollar_price: 36.5123,
              tiene_comprobante_ves: true,
            }),
          ),
          instalment(3, null),
        ],
        cuotas_pagadas: 2,
        cuotas_pendientes: 1,
        total_pendiente: 1363.2,
      },
    },
    'GET /api/v1/pagos/71/comprobante/ves': { body: { archivo: 'pdf' } },
    'GET /api/v1/cobranza/9/recordatorios': {
      body: {
        items: [
          {
            id: 2,
            tipo: 'manual',
            cuota_numero: null,
            destinatario: 'ana@example.com',
            usuario: 'María Pérez',
            enviado_en: '2027-03-01T14:30:00.000Z',
          },
          {
            id: 1,
            tipo: 'vencida',
            cuota_numero: 3,
            destinatario: 'ana@example.com',
            usuario: null,
            enviado_en: '2027-02-23T12:00:00.000Z',
          },
        ],
      },
    },
  });
  renderWithProviders(<ContractInstalments contract={contract} />);
  return fetchMock;
}

const row = async (numero: number) => {
  const table = await screen.findByRole('table', { name: 'Cuotas de CON-000009' });
  return within(table).getByRole('row', { name: new RegExp(`^#${numero} `) });
};

describe('ContractInstalments', () => {
  it('shows the date, method and amounts of each paid instalment, in the Venezuelan format', async () => {
    renderInstalments();

    const usd = await row(1);
    expect(usd).toHaveTextContent('22/12/2026 · USD');
    expect(within(usd).getAllByText('$ 1.363,20')).toHaveLength(2); // the instalment and what was paid
    const mixed = await row(2);
    expect(mixed).toHaveTextContent('20/01/2027 · Ambos — Pago Móvil');
    expect(within(mixed).getByText('$ 363,20')).toBeInTheDocument();
    expect(within(mixed).getByText('36.500,00 Bs. (tasa 36,5123 Bs.)')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Total Pendiente' })).toHaveTextContent('$ 1.363,20');
  });

  it('writes the state badges in capitals, as every other badge (issue 15)', async () => {
    renderInstalments();

    expect(within(await row(1)).getByText('PAGADO', { exact: true })).toBeInTheDocument();
    expect(within(await row(3)).getByText('PENDIENTE', { exact: true })).toBeInTheDocument();
  });

  it('offers the receipts of a paid instalment and payment of an unpaid one', async () => {
    renderInstalments();

    const usd = await row(1);
    expect(within(usd).getByRole('button', { name: 'Ver comprobante USD del pago 70' })).toBeInTheDocument();
    expect(within(usd).queryByRole('button', { name: /Ver comprobante Bs\./ })).not.toBeInTheDocument();
    expect(within(usd).queryByRole('button', { name: /Reportar Pago/ })).not.toBeInTheDocument();
    const mixed = await row(2);
    expect(within(mixed).getAllByRole('button', { name: /Ver comprobante/ })).toHaveLength(2);
    const unpaid = await row(3);
    expect(unpaid).toHaveTextContent('—');
    expect(
      within(unpaid).getByRole('button', { name: 'Reportar Pago de la cuota 3 de CON-000009' }),
    ).toBeInTheDocument();
  });

  it('opens a receipt in a new tab from the authorised receipt route', async () => {
    const user = setupUser();
    const fetchMock = renderInstalments();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    URL.createObjectURL = vi.fn(() => 'blob:comprobante');
    URL.revokeObjectURL = vi.fn();

    await user.click(within(await row(2)).getByRole('button', { name: 'Ver comprobante Bs. del pago 71' }));

    expect(window.open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:comprobante'));
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((url) => url.endsWith('/api/v1/pagos/71/comprobante/ves'))).toBe(true);
  });

  // Issue 14: the contract shows the reminders sent.
  it('lists the reminders sent for the contract', async () => {
    const user = setupUser();
    renderInstalments();

    await user.click(await screen.findByRole('button', { name: 'Recordatorios enviados de CON-000009' }));
    const dialog = screen.getByRole('dialog', { name: 'Recordatorios enviados — CON-000009' });
    const table = within(dialog).getByRole('table', { name: 'Recordatorios de CON-000009' });
    await within(table).findByText('Cuota vencida');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Manual');
    expect(rows[1]).toHaveTextContent('María Pérez');
    expect(rows[2]).toHaveTextContent('#3');
    expect(rows[2]).toHaveTextContent('Automático');
  });
});
